import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { InvalidTokenError, type IdentityClaims } from '../identity/verify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The verified id token's claims, set by the authorization hook: always on operations that require a
     * bearer, on an optional-bearer operation when a token was sent; null elsewhere.
     */
    identity: IdentityClaims | null;
  }
}

export type IdTokenVerifier = (token: string) => Promise<IdentityClaims>;

/** The claims of the id token in the request's `Authorization: Bearer …` header; 401 without a valid one. */
export async function verifiedBearer(request: FastifyRequest, verifyIdToken: IdTokenVerifier): Promise<IdentityClaims> {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) {
    throw new ApiError(401, 'Sign in to continue: a bearer id token is required');
  }
  try {
    return await verifyIdToken(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      throw new ApiError(401, 'Your sign-in is invalid or has expired; please sign in again');
    }
    // The key server not answering is our outage, so it must not look like the caller's fault.
    request.log.error({ err: error }, 'bearer token could not be checked');
    throw new ApiError(503, 'The identity service is unavailable');
  }
}
