// The OAuth access token a server-to-server client (PayPal's, FCM's) holds: fetched once, shared by the calls that start
// together without one, reused until shortly before it expires, and forgotten when the provider refuses it early.

/** A token is fetched again this long before it expires, so that none expires on the way. */
const RENEWAL_MARGIN_MS = 60_000;

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export interface AccessTokens {
  /** A valid token: the one held, or a new one (one fetch for every caller waiting). */
  current(): Promise<string>;
  /** The provider refused `refused` (revoked or expired early): the next call fetches a new one, unless one already has. */
  forget(refused: string): void;
}

export function accessTokens(fetchToken: () => Promise<IssuedToken>): AccessTokens {
  let held: { accessToken: string; renewAt: number } | undefined;
  let request: Promise<{ accessToken: string; renewAt: number }> | undefined;
  return {
    async current() {
      if (held !== undefined && Date.now() < held.renewAt) return held.accessToken;
      request ??= fetchToken()
        .then(({ accessToken, expiresInSeconds }) => ({ accessToken, renewAt: Date.now() + expiresInSeconds * 1000 - RENEWAL_MARGIN_MS }))
        .finally(() => {
          request = undefined;
        });
      held = await request;
      return held.accessToken;
    },
    forget(refused) {
      if (held?.accessToken === refused) held = undefined;
    },
  };
}
