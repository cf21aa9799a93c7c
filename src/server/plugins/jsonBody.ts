import type { FastifyInstance } from 'fastify';

/**
 * Some clients send `Content-Type: application/json` on every call, including body-less POSTs such as
 * cancelling a basket. An empty body is therefore "no body": operations that take none accept it, and
 * operations that need one refuse it through validation like any other missing field.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
