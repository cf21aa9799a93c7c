import { existsSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, isApiRequest } from '../errors';

const immutableAsset = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

/**
 * Serves the built site. Vite puts content-hashed files under /assets/, so those may be cached for a
 * year; everything else (index.html above all) is revalidated so a deploy shows at once.
 */
export async function registerSite(app: FastifyInstance, siteRoot: string): Promise<void> {
  const siteBuilt = existsSync(join(siteRoot, 'index.html'));
  if (siteBuilt) {
    const assetsDirectory = join(siteRoot, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: siteRoot,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assetsDirectory) ? immutableAsset : revalidate);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => answerNotFound(request, reply, siteBuilt));
}

function wantsClientRoute(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0];
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html') &&
    extname(path) === ''
  );
}

/** Client routes such as /order or /privacy exist only in the browser, so reloading one must get index.html. */
function answerNotFound(request: FastifyRequest, reply: FastifyReply, siteBuilt: boolean): FastifyReply {
  if (isApiRequest(request.url)) {
    return reply.code(404).send(errorBody('Route does not exist'));
  }
  if (wantsClientRoute(request)) {
    if (!siteBuilt) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The site has not been built yet: run npm run build.');
    }
    return reply.header('cache-control', revalidate).sendFile('index.html');
  }
  return reply.code(404).send(errorBody('Not found'));
}
