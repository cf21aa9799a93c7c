import type { FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import type { LogFormat, LogLevel } from './config';

export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

type LogEntry = Record<string, unknown>;

// Requests whose completion has not been logged yet; a connection dropped mid-request never logs one, so the oldest go.
const STARTED_REQUESTS_REMEMBERED = 1_000;

/** Fastify's logger: pino's JSON lines, or the same events as readable lines. */
export function loggerOptions(level: LogLevel, format: LogFormat, output: LogOutput = process.stdout): FastifyServerOptions['logger'] {
  return format === 'json' ? { level } : { level, stream: readableLogStream(output) };
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
