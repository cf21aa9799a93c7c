import type { FastifyInstance } from 'fastify';
import { notJsonBody } from '../errors';

/**
 * The API reads JSON bodies only. Some clients send `Content-Type: application/json`, or another type, on every call,
 * including body-less POSTs such as cancelling a basket. An empty body of any type is therefore "no body": operations
 * that take none accept it, and operations that need one refuse it through validation like any other missing field.
 * A body that is not empty and not JSON (`text/plain`, a form, no type at all) is 415 before any handler sees it,
 * without being read.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    // An unknown address is 404 whatever its body.
    if (request.is404 || request.headers['content-length'] === '0') done(null, undefined);
    else done(notJsonBody(), undefined);
  });
}
