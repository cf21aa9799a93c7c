import { decodeJwt } from 'jose';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { authMachine, currentIdToken, type AuthSession } from '../../machines/auth/authMachine';
import type { IdentityConfig } from '../platform/identity';

type IdentityPlatform = typeof import('../platform/identity');

export type AuthActor = ActorRefFrom<typeof authMachine>;

const platformOf = new WeakMap<AuthActor, Promise<IdentityPlatform>>();

/** The real actors of the auth statechart, each waiting for the identity platform to have loaded. */
function identityActors(platform: Promise<IdentityPlatform>) {
  return {
    restoreSession: fromPromise<AuthSession | undefined>(async () => (await platform).currentSession({ forceRefresh: false })),
    signIn: fromPromise<AuthSession, { email: string; password: string }>(async ({ input }) =>
      (await platform).signInWithPassword(input.email, input.password),
    ),
    signOut: fromPromise<void>(async () => (await platform).signOutEverywhere()),
  };
}

/**
 * The app's auth actor, not yet started (main.tsx starts it once and puts it in the router context).
 * Amplify is about 40 KB of gzipped script, so it is loaded after the first render instead of in the
 * first-load bundle (DESIGN.md budgets); the actor restores the session as soon as it has arrived.
 * Token refreshes that Amplify makes on its own reach the actor as events.
 */
export function createAuthActor(config: IdentityConfig): AuthActor {
  const platform = import('../platform/identity').then((identity) => {
    identity.configureIdentity(config);
    return identity;
  });
  const auth = createActor(authMachine.provide({ actors: identityActors(platform) }));
  platformOf.set(auth, platform);
  void platform.then((identity) => {
    const stopListening = identity.onSessionChange((change) =>
      auth.send(change.type === 'refreshed' ? { type: 'SESSION_REFRESHED', session: change.session } : { type: 'SESSION_EXPIRED' }),
    );
    auth.subscribe({ complete: stopListening, error: stopListening });
  });
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
  const platform = platformOf.get(auth);
  if (!platform) throw new Error('apiIdentityOf needs an actor made by createAuthActor');
  return {
    currentIdToken: () => {
      const idToken = currentIdToken(auth.getSnapshot());
      return idToken !== undefined && isFresh(idToken) ? idToken : undefined;
    },
    fetchIdTokenWithoutCache: async () => (await (await platform).currentSession({ forceRefresh: true }))?.idToken,
  };
}
