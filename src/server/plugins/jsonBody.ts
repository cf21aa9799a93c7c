import type { FastifyInstance } from 'fastify';
import { ApiError, notJsonBody } from '../errors';

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
  // Fastify validates a body by its content type's schema, and validates nothing when the call's type has none (a call
  // with no body and no type, JSON sent to the photo upload): the handler would meet a body it was promised was checked.
  app.addHook('preValidation', async (request) => {
    const accepted = (request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
    if (accepted === undefined) return;
    const mediaType = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
    if (mediaType === undefined || !Object.hasOwn(accepted, mediaType)) {
      throw new ApiError(400, null, [{ field: 'body', message: `must be sent as ${Object.keys(accepted).join(' or ')}` }]);
    }
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    // An unknown address is 404 whatever its body.
    if (request.is404 || request.headers['content-length'] === '0') done(null, undefined);
    else done(notJsonBody(), undefined);
  });
}
