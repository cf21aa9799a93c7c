import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { isApiRequest } from '../errors';

/**
 * The origins of the restaurant's native apps, whose pages come from Capacitor's shell rather than from this server
 * (Capacitor 8's defaults: `server.iosScheme` `capacitor`, `server.androidScheme` `https`, `server.hostname`
 * `localhost`; `http://localhost` is Android with `androidScheme: 'http'`, as older shells had). No other origin is
 * answered: the website calls its own origin and needs no CORS, and any other site must not call the API from a
 * customer's browser.
 */
export const APP_ORIGINS: readonly string[] = ['capacitor://localhost', 'https://localhost', 'http://localhost'];

/** Every header the app's calls send (src/api/client.ts, and `x-basket-id` for an order's own details). */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'x-application-key', 'x-basket-id', 'x-site-key'].join(', ');
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** A day: the app asks again at most once a day per call, rather than before each one. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** The API, and `/config.json`, which the app reads from the server at its start (src/platform/config.ts). */
function isForTheApp(request: FastifyRequest): boolean {
  return isApiRequest(request.url) || request.url === '/config.json' || request.url.startsWith('/config.json?');
}

function appOriginOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  return typeof origin === 'string' && APP_ORIGINS.includes(origin) ? origin : undefined;
}

/** The answer depends on the Origin: a shared cache must not hand the app's answer to a site, or the reverse. */
function varyByOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const named = typeof vary === 'string' ? vary.split(',').map((name) => name.trim().toLowerCase()) : [];
  if (!named.includes('origin')) reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Origin` : 'Origin');
}

/**
 * CORS for the native apps' origins only, on the API and `/config.json`, preflight included. Registered before the
 * identification and authorisation hooks: a browser's preflight carries none of the headers they require.
 */
export const appOrigins = fastifyPlugin(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isForTheApp(request)) return;
    varyByOrigin(reply);
    const origin = appOriginOf(request);
    if (origin === undefined) return;
    reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      await reply
        .code(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
    }
  });
}, { name: 'app-origins' });
