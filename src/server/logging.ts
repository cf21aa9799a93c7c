import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import type { LogFormat, LogLevel } from './config';

export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

type LogEntry = Record<string, unknown>;

// Requests whose completion has not been logged yet; a connection dropped mid-request never logs one, so the oldest go.
const STARTED_REQUESTS_REMEMBERED = 1_000;

/**
 * What a log line never carries, wherever a request's headers, a body or an error's details are logged: sign-in tokens,
 * cookies and the basket id that shows an order's customer details (docs/interfaces.md, Privacy), request and response
 * bodies (names, phones, emails, addresses), and a database error's `detail`, which quotes the values it refused.
 * Fastify's own request lines hold no headers or bodies; this keeps a later `log.info({ req })` or `{ err }` from adding them.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-basket-id"]',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-basket-id"]',
  'body',
  'err.detail',
  'err.parameters',
];

/** A postcode is where someone lives, so the delivery check's address is logged without it. */
export function loggedUrl(url: string): string {
  return url.replace(/(\/orderbuilder\/checkDelivery\/)[^/?#]*/i, '$1[postcode]');
}

/** Fastify's own request serializer, with the address as `loggedUrl` gives it. */
function serializedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's logger: pino's JSON lines, or the same events as readable lines. Without an `output` JSON lines go to
 * standard output through pino's own fast writer.
 */
export function loggerOptions(level: LogLevel, format: LogFormat, output?: LogOutput): FastifyServerOptions['logger'] {
  const privacy = { redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' }, serializers: { req: serializedRequest } };
  if (format === 'pretty') return { level, ...privacy, stream: readableLogStream(output ?? process.stdout) };
  return output === undefined ? { level, ...privacy } : { level, ...privacy, stream: output };
}

/**
 * pino-pretty in the server's own thread (no transport worker, so nothing is lost at exit), with Fastify's two lines
 * per request ("incoming request", "request completed") joined into one: `GET /api/menu/getMenu/1 200 4 ms`.
 */
export function readableLogStream(output: LogOutput): { write(line: string): void } {
  const prettify = prettyFactory({
    colorize: output.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  const started = new Map<string, string>();
  return {
    write(line) {
      const entry = JSON.parse(line) as LogEntry;
      const readable = joinedRequestLine(entry, started);
      if (readable !== undefined) output.write(prettify(readable));
    },
  };
}

/** The entry to show, or undefined for a request's start, which is shown with its end. */
function joinedRequestLine(entry: LogEntry, started: Map<string, string>): LogEntry | undefined {
  const { reqId, req, res, responseTime, ...rest } = entry as LogEntry & {
    reqId?: string;
    req?: { method?: string; url?: string };
    res?: { statusCode?: number };
    responseTime?: number;
  };
  if (reqId !== undefined && req !== undefined && entry.msg === 'incoming request') {
    started.set(reqId, `${req.method} ${req.url}`);
    if (started.size > STARTED_REQUESTS_REMEMBERED) started.delete(started.keys().next().value!);
    return undefined;
  }
  if (reqId !== undefined && res !== undefined && entry.msg === 'request completed') {
    const request = started.get(reqId) ?? reqId;
    started.delete(reqId);
    return { ...rest, msg: `${request} ${res.statusCode} ${Math.round(responseTime ?? 0)} ms` };
  }
  return entry;
}
