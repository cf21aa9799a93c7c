import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The site's proxies to its local emulators (the identity emulator, the PayPal sandbox) put them at the site's own
// origin, so there is no CORS and no second port to expose.

// fetch has already de-chunked and decompressed the body, and Fastify frames the reply itself. CORS headers are
// dropped: through a proxy the browser calls its own origin.
const UNFORWARDED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'x-powered-by',
]);

export interface LoopbackForwarding {
  /** The site's path the emulator is mounted at, e.g. `/identity`. */
  prefix: string;
  /** The emulator's base URL. */
  target: string;
  /** The request headers the emulator needs; no others (cookies among them) leave the site. */
  forwardedRequestHeaders: readonly string[];
}

/** Bodies reach the proxy's handlers as they came, as a Buffer, in this plugin's scope only. */
export function takeRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** Sends `request` on to the emulator below `prefix` and answers with what it answered; rejects when it cannot be reached. */
export async function forwardToLoopback(
  request: FastifyRequest,
  reply: FastifyReply,
  { prefix, target, forwardedRequestHeaders }: LoopbackForwarding,
): Promise<FastifyReply> {
  const headers = new Headers();
  for (const name of forwardedRequestHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const upstream = await fetch(new URL(request.url.slice(prefix.length) || '/', target), {
    method: request.method,
    headers,
    body: request.body instanceof Buffer ? new Uint8Array(request.body) : undefined,
  });
  reply.code(upstream.status);
  upstream.headers.forEach((value, name) => {
    if (!UNFORWARDED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
  });
  return reply.send(Buffer.from(await upstream.arrayBuffer()));
}
