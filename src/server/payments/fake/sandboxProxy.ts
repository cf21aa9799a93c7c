import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export interface PayPalSandboxProxyOptions {
  /** The loopback PayPal fake's URL, as `startPayPalFake` returns it or PAYPAL_FAKE_URL names it. */
  fakeUrl: string;
}

export const PAYPAL_SANDBOX_PREFIX = '/paypal-sandbox';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'authorization', 'paypal-request-id', 'prefer', 'accept'];
// fetch has already de-chunked and decompressed the body, and Fastify frames the reply itself. The fake's CORS
// headers are dropped: through this proxy the browser calls its own origin.
const UNFORWARDED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'access-control-allow-origin',
  'access-control-expose-headers',
]);

/**
 * Local mode only: the loopback PayPal fake (its JS SDK, REST API, approvals and test controls) at the site's own origin,
 * so the page loads the SDK from `/paypal-sandbox/sdk/js` under the same Content-Security-Policy as production and with
 * no second port to expose. Everything is forwarded: the fake holds nothing but made-up sandbox payments. Registered
 * without fastify-plugin on purpose: its raw-body parser must not leak into the API's scope.
 */
export const payPalSandboxProxy: FastifyPluginAsync<PayPalSandboxProxyOptions> = async (app, { fakeUrl }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    let upstream: Response;
    try {
      upstream = await fetch(new URL(request.url.slice(PAYPAL_SANDBOX_PREFIX.length) || '/', fakeUrl), {
        method: request.method,
        headers,
        body: request.body instanceof Buffer ? new Uint8Array(request.body) : undefined,
      });
    } catch {
      return reply.code(502).send({ name: 'BAD_GATEWAY', message: 'The local PayPal sandbox cannot be reached' });
    }
    reply.code(upstream.status);
    upstream.headers.forEach((value, name) => {
      if (!UNFORWARDED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
    });
    return reply.send(Buffer.from(await upstream.arrayBuffer()));
  };

  app.route({ method: ['GET', 'POST', 'DELETE'], url: `${PAYPAL_SANDBOX_PREFIX}/*`, handler: forward });
};
