import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

/**
 * `cognito`: a real Cognito user pool; the issuer is derived from region and pool id, so no other issuer
 * (in particular the emulator's, whose signing key is public) can ever be accepted.
 * `local`: the identity emulator started by this server; its issuer is given by the emulator.
 */
export type IdTokenVerifierConfig =
  | { mode: 'cognito'; region: string; userPoolId: string; clientId: string }
  | { mode: 'local'; issuer: string; clientId: string };

export interface IdentityClaims {
  sub: string;
  email: string;
  groups: string[];
}

export class InvalidTokenError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Invalid id token: ${reason}`, options);
    this.name = 'InvalidTokenError';
  }
}

export function cognitoIssuer(region: string, userPoolId: string): string {
  return `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
}

// A signed-in customer sends the same id token with every call for its hour. Checking its RS256 signature through
// WebCrypto costs more than the rest of a GetAccount (docs/benchmarks.md), so a token that passed is trusted again,
// by its exact text, until it expires; the newest few thousand are kept.
const VERIFIED_TOKENS_KEPT = 5_000;

interface VerifiedToken {
  claims: IdentityClaims;
  expiresAtMs: number;
}

export function createIdTokenVerifier(config: IdTokenVerifierConfig): (token: string) => Promise<IdentityClaims> {
  const verifyAfresh = createUncachedIdTokenVerifier(config);
  const verified = new Map<string, VerifiedToken>();
  return async (token) => {
    const known = verified.get(token);
    if (known !== undefined) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      verified.delete(token);
    }
    const claims = await verifyAfresh(token);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    // jwtVerify has checked that exp is there and in the future.
    verified.set(token, { claims, expiresAtMs: (decodeJwt(token).exp as number) * 1000 });
    return claims;
  };
}

function createUncachedIdTokenVerifier(config: IdTokenVerifierConfig): (token: string) => Promise<IdentityClaims> {
  const issuer = config.mode === 'cognito' ? cognitoIssuer(config.region, config.userPoolId) : config.issuer;
  // Both Cognito and cognito-local publish their keys at the same path under the issuer.
  const keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));

  return async (token) => {
    let payload: JWTPayload;
    try {
      // Refuse another issuer's token before fetching any keys: in production the emulator's tokens stop here.
      const claimedIssuer = decodeJwt(token).iss;
      if (claimedIssuer !== issuer) throw new InvalidTokenError(`issuer ${String(claimedIssuer)} is not ${issuer}`);
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: config.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'token_use'],
      }));
    } catch (error) {
      // A key server that does not answer is our outage, not the caller's bad token.
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
        throw new InvalidTokenError(error.message, { cause: error });
      }
      throw error;
    }
    if (payload.token_use !== 'id') throw new InvalidTokenError(`token_use is ${String(payload.token_use)}, not id`);
    if (typeof payload.email !== 'string') throw new InvalidTokenError('no email claim');
    const groups = payload['cognito:groups'] ?? [];
    if (!Array.isArray(groups) || !groups.every((group) => typeof group === 'string')) {
      throw new InvalidTokenError('cognito:groups is not a list of names');
    }
    return { sub: payload.sub as string, email: payload.email, groups };
  };
}
