import type { FastifyRequest } from 'fastify';
import type { IdentityClaims } from '../identity/verify';
import { ApiError } from '../errors';

/**
 * The caller of an operation that requires a bearer token, as the authorization hook verified it. The hook refuses
 * anonymous callers before any handler runs, so a missing identity here is a contract without its `security`.
 */
export function signedInCaller(request: FastifyRequest): IdentityClaims {
  if (request.identity === null) throw new ApiError(401, 'Sign in to continue: a bearer id token is required');
  return request.identity;
}
