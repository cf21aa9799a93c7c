import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export interface IdentityEmulatorProxyOptions {
  /** The emulator's base URL, as `startIdentityEmulator` returns it. */
  endpoint: string;
}

export const IDENTITY_PROXY_PREFIX = '/identity';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization', 'cache-control', 'accept'];
// fetch has already de-chunked and decompressed the body, and Fastify frames the reply itself. The emulator's
// CORS and framework headers are dropped: through this proxy the browser calls its own origin.
const UNFORWARDED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'access-control-allow-origin',
  'x-powered-by',
]);

/**
 * Forwards `/identity` and `/identity/*` to the identity emulator, so the browser reaches it at the site's own
 * origin (Amplify's `userPoolEndpoint` is `<origin>/identity`) with no CORS and no second port to expose.
 * Registered without fastify-plugin on purpose: its raw-body parser must not leak into the API's scope.
 */
export const identityEmulatorProxy: FastifyPluginAsync<IdentityEmulatorProxyOptions> = async (app, { endpoint }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.slice(IDENTITY_PROXY_PREFIX.length) || '/';
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const upstream = await fetch(new URL(path, endpoint), {
      method: request.method,
      headers,
      body: request.body instanceof Buffer ? new Uint8Array(request.body) : undefined,
    });
    reply.code(upstream.status);
    upstream.headers.forEach((value, name) => {
      if (!UNFORWARDED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
    });
    return reply.send(Buffer.from(await upstream.arrayBuffer()));
  };

  app.route({ method: ['GET', 'POST'], url: IDENTITY_PROXY_PREFIX, handler: forward });
  app.route({ method: ['GET', 'POST'], url: `${IDENTITY_PROXY_PREFIX}/*`, handler: forward });
};
