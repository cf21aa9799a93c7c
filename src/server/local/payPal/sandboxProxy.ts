import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { forwardToLoopback, takeRawBodies } from '../loopbackForwarding';

export interface PayPalSandboxProxyOptions {
  /** The loopback PayPal fake's URL, as `startPayPalFake` returns it or PAYPAL_FAKE_URL names it. */
  fakeUrl: string;
}

export const PAYPAL_SANDBOX_PREFIX = '/paypal-sandbox';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'authorization', 'paypal-request-id', 'prefer', 'accept'];

/**
 * Local mode only: the loopback PayPal fake (its JS SDK, REST API, approvals and test controls) at the site's own origin,
 * so the page loads the SDK from `/paypal-sandbox/sdk/js` under the same Content-Security-Policy as production and with
 * no second port to expose. Everything is forwarded: the fake holds nothing but made-up sandbox payments. Registered
 * without fastify-plugin on purpose: its raw-body parser must not leak into the API's scope.
 */
export const payPalSandboxProxy: FastifyPluginAsync<PayPalSandboxProxyOptions> = async (app, { fakeUrl }) => {
  takeRawBodies(app);
  const forwarding = { prefix: PAYPAL_SANDBOX_PREFIX, target: fakeUrl, forwardedRequestHeaders: FORWARDED_REQUEST_HEADERS };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await forwardToLoopback(request, reply, forwarding);
    } catch {
      return reply.code(502).send({ name: 'BAD_GATEWAY', message: 'The local PayPal sandbox cannot be reached' });
    }
  };

  app.route({ method: ['GET', 'POST', 'DELETE'], url: `${PAYPAL_SANDBOX_PREFIX}/*`, handler: forward });
};
