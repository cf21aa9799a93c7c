import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiRequest } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `x-fastify-config: { publicAnswer: true }` in openapi.yaml: the answer is the same for every caller and carries no
     * personal data, so it is not marked `no-store`.
     */
    publicAnswer?: boolean;
  }
}

const payPalHosts = [
  'https://www.paypal.com',
  'https://www.sandbox.paypal.com',
  'https://*.paypal.com',
  'https://*.paypalobjects.com',
];
const analyticsHosts = ['https://www.googletagmanager.com', 'https://*.google-analytics.com'];

/**
 * A Content-Security-Policy that already admits PayPal's JS SDK (scripts, its checkout frames and its
 * calls) and GA4, so the payment and analytics issues need no header change. In production the browser
 * also calls Cognito directly; locally it reaches the emulator at the site's own origin.
 *
 * Every API answer, refusals included, is `Cache-Control: no-store` unless its operation is marked `publicAnswer`: an
 * answer about a basket, an order, an account or the kitchen must not stay in a browser's or a proxy's cache, and a new
 * operation is private until the contract says otherwise.
 */
export function registerSecurityHeaders(app: FastifyInstance, identityServiceOrigin: string | undefined): void {
  const headers = headersOf(securityPolicy(identityServiceOrigin));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isApiRequest(request.url) && request.routeOptions.config.publicAnswer !== true) reply.header('cache-control', 'no-store');
    done();
  });
}

function securityPolicy(identityServiceOrigin: string | undefined): HelmetOptions {
  const identityOrigins = identityServiceOrigin ? [identityServiceOrigin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...payPalHosts],
        scriptSrc: ["'self'", ...payPalHosts, ...analyticsHosts],
        // Mantine sets CSS variables in style attributes and a style element; PayPal's buttons do too.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...payPalHosts, ...analyticsHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...payPalHosts, ...analyticsHosts, 'https://*.analytics.google.com', ...identityOrigins],
        frameSrc: ["'self'", ...payPalHosts],
      },
    },
    // PayPal's checkout opens a popup that must keep its opener to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // PayPal's frames check the merchant's origin; sending the origin (never the path) cross-site keeps that working.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * A prerendered public page (the home page, the menu, the restaurant's pages: what a search or a shared link lands
 * on) goes without `Cross-Origin-Opener-Policy`. Arriving from another site at a page with that header puts the page
 * in a browsing context group of its own, which Chrome gives a new renderer process: a cold start whose first tasks
 * (the page's V8 context, the first layout with its fonts) took 40–140 ms unthrottled on this machine, so
 * Lighthouse's phone counted up to 500 ms of blocking time on a page running no script (docs/benchmarks.md). What is
 * given up: a visit that starts on one of these pages may go on, in the same document, to the visitor's own pages, and
 * a page that opened ours keeps its handle on the window (it can navigate it and count its frames; it cannot read it).
 * Every other document (ordering steps, account, kitchen, tracking) keeps the header (docs/interfaces.md).
 */
export function openInTheSameBrowsingContextGroup(reply: FastifyReply): void {
  reply.removeHeader('cross-origin-opener-policy');
}

/**
 * Lets the answer's inline scripts that carry `nonce` run (a page the server rendered ends with the router's scripts,
 * docs/first-paint.md): `script-src` is widened for this answer alone.
 */
export function allowScriptsWithNonce(reply: FastifyReply, nonce: string): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header('content-security-policy', policy.replace(/(^|;)script-src /, `$1script-src 'nonce-${nonce}' `));
}

/**
 * The headers helmet sets, worked out once: they are the same on every answer, and @fastify/helmet rebuilt the
 * policy on every request (a sixth of the menu endpoint's time, docs/benchmarks.md).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
