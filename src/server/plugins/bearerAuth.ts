import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { InvalidTokenError, type IdentityClaims } from '../identity/verify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified id token's claims on operations with bearer security; null elsewhere. */
    identity: IdentityClaims | null;
  }
}

export type IdTokenVerifier = (token: string) => Promise<IdentityClaims>;

/** fastify-openapi-glue's security handlers, keyed by the scheme names of openapi.yaml. */
export function createSecurityHandlers(verifyIdToken: IdTokenVerifier) {
  return {
    async bearerAuth(request: FastifyRequest): Promise<void> {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) {
        throw new ApiError(401, 'Sign in to continue: a bearer id token is required');
      }
      try {
        request.identity = await verifyIdToken(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          throw new ApiError(401, 'Your sign-in is invalid or has expired; please sign in again');
        }
        // The key server not answering is our outage, so it must not look like the caller's fault.
        throw Object.assign(new Error('The identity service is unavailable', { cause: error }), { statusCode: 503 });
      }
    },
  };
}
