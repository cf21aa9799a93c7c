import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, isApiRequest } from '../errors';

export interface IdentificationKeys {
  applicationKey: string;
  siteKey: string;
}

/** SPEC §7's two fixed identification headers: an API call without the right ones is refused before anything else. */
export function requireIdentificationHeaders({ applicationKey, siteKey }: IdentificationKeys) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    // The matched route counts too: the router decodes the path, so /%61pi/... reaches an /api route.
    if (!isApiRequest(request.url) && !isApiRequest(request.routeOptions.url ?? '')) return;
    const sentApplicationKey = request.headers['x-application-key'];
    const sentSiteKey = request.headers['x-site-key'];
    if (sentApplicationKey === undefined || sentSiteKey === undefined) {
      throw new ApiError(401, 'The x-application-key and x-site-key headers are required');
    }
    if (sentApplicationKey !== applicationKey || sentSiteKey !== siteKey) {
      throw new ApiError(401, 'The application or site is not recognised');
    }
  };
}
