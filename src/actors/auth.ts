import { decodeJwt } from 'jose';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { authMachine, currentIdToken, type AuthSession } from '../../machines/auth/authMachine';
import type { IdentityConfig } from '../platform/identity';

type IdentityPlatform = typeof import('../platform/identity');

export type AuthActor = ActorRefFrom<typeof authMachine>;

const platformOf = new WeakMap<AuthActor, () => Promise<IdentityPlatform>>();

/** The real actors of the auth statechart; each loads the identity platform only when it needs it. */
function identityActors(loadPlatform: () => Promise<IdentityPlatform>, hasStoredSession: () => boolean) {
  return {
    restoreSession: fromPromise<AuthSession | undefined>(async () =>
      hasStoredSession() ? (await loadPlatform()).currentSession({ forceRefresh: false }) : undefined,
    ),
    signIn: fromPromise<AuthSession, { email: string; password: string }>(async ({ input }) =>
      (await loadPlatform()).signInWithPassword(input.email, input.password),
    ),
    signOut: fromPromise<void>(async () => (await loadPlatform()).signOutEverywhere()),
  };
}

/**
 * Amplify keeps the signed-in user under this key (its token store's LastAuthUser). Reading it directly
 * tells whether there is a session to restore without loading Amplify itself.
 */
function storedSessionKey(userPoolClientId: string): string {
  return `CognitoIdentityServiceProvider.${userPoolClientId}.LastAuthUser`;
}

/**
 * The app's auth actor, not yet started (main.tsx starts it once and puts it in the router context).
 * Amplify is about 40 KB of gzipped script, so it stays out of the first load (DESIGN.md budgets): it is
 * loaded only when a stored session is to be restored, or when someone signs in, signs out or needs a token.
 * Token refreshes that Amplify makes on its own reach the actor as events.
 */
export function createAuthActor(config: IdentityConfig, storage: Pick<Storage, 'getItem'> = globalThis.localStorage): AuthActor {
  let platform: Promise<IdentityPlatform> | undefined;
  const loadPlatform = () =>
    (platform ??= import('../platform/identity').then((identity) => {
      identity.configureIdentity(config);
      const stopListening = identity.onSessionChange((change) =>
        auth.send(change.type === 'refreshed' ? { type: 'SESSION_REFRESHED', session: change.session } : { type: 'SESSION_EXPIRED' }),
      );
      auth.subscribe({ complete: stopListening, error: stopListening });
      return identity;
    }));
  const hasStoredSession = () => storage.getItem(storedSessionKey(config.userPoolClientId)) !== null;
  const auth: AuthActor = createActor(authMachine.provide({ actors: identityActors(loadPlatform, hasStoredSession) }));
  platformOf.set(auth, loadPlatform);
  return auth;
}

// A token this close to expiry could lapse on its way to the API, so it is refreshed first.
const EXPIRY_MARGIN_SECONDS = 60;

function isFresh(idToken: string): boolean {
  const { exp } = decodeJwt(idToken);
  return exp !== undefined && exp - EXPIRY_MARGIN_SECONDS > Date.now() / 1000;
}

/**
 * The `identity` that `createApiClient` needs (docs/interfaces.md, browser seams): the held id token while it
 * is fresh; otherwise the client fetches one without cache, which makes Amplify refresh the session.
 */
export function apiIdentityOf(auth: AuthActor) {
  const loadPlatform = platformOf.get(auth);
  if (!loadPlatform) throw new Error('apiIdentityOf needs an actor made by createAuthActor');
  return {
    currentIdToken: () => {
      const idToken = currentIdToken(auth.getSnapshot());
      return idToken !== undefined && isFresh(idToken) ? idToken : undefined;
    },
    fetchIdTokenWithoutCache: async () => (await (await loadPlatform()).currentSession({ forceRefresh: true }))?.idToken,
  };
}
