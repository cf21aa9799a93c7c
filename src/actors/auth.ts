import { decodeJwt } from 'jose';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import {
  authMachine,
  currentIdToken,
  isSignedIn,
  type AccountCheck,
  type AccountProfile,
  type AuthSession,
  type ConfirmationCode,
  type NewAccount,
  type PasswordReset,
  type SignInCredentials,
} from '../../machines/auth/authMachine';
import { callApi, type ApiClient } from '../api/client';
import type { IdentityConfig } from '../platform/identity';
import { dataOf } from './basket';

type IdentityPlatform = typeof import('../platform/identity');

export type AuthActor = ActorRefFrom<typeof authMachine>;

export interface AuthActorOptions {
  /**
   * The API client, asked for only when an account call is made: the client itself is built from this actor
   * (`apiIdentityOf`), so it cannot exist yet when the actor is created.
   */
  api: () => ApiClient;
  /** Where Amplify keeps its tokens (the browser's localStorage). */
  storage?: Pick<Storage, 'getItem'>;
}

const platformOf = new WeakMap<AuthActor, () => Promise<IdentityPlatform>>();

/** The identity-service actors of the auth statechart; each loads the identity platform only when it needs it. */
function identityActors(loadPlatform: () => Promise<IdentityPlatform>, hasStoredSession: () => boolean) {
  return {
    restoreSession: fromPromise<AuthSession | undefined>(async () =>
      hasStoredSession() ? (await loadPlatform()).currentSession({ forceRefresh: false }) : undefined,
    ),
    signIn: fromPromise<AuthSession, SignInCredentials>(async ({ input }) => (await loadPlatform()).signInWithPassword(input.email, input.password)),
    signUp: fromPromise<void, SignInCredentials>(async ({ input }) => (await loadPlatform()).signUpWithEmail(input.email, input.password)),
    confirmSignUp: fromPromise<void, ConfirmationCode>(async ({ input }) => (await loadPlatform()).confirmSignUpCode(input.email, input.code)),
    resendCode: fromPromise<void, { email: string }>(async ({ input }) => (await loadPlatform()).resendSignUpCode(input.email)),
    requestPasswordReset: fromPromise<void, { email: string }>(async ({ input }) => (await loadPlatform()).requestPasswordReset(input.email)),
    resetPassword: fromPromise<void, PasswordReset>(async ({ input }) =>
      (await loadPlatform()).confirmPasswordReset(input.email, input.code, input.newPassword),
    ),
    signOut: fromPromise<void>(async () => (await loadPlatform()).signOutEverywhere()),
  };
}

/** The account actors: SPEC §7's account calls through the API client, rejecting with the call's ApiError. */
function accountActors(api: () => ApiClient, loadPlatform: () => Promise<IdentityPlatform>) {
  return {
    doLogin: fromPromise<AccountCheck>(({ signal }) => dataOf(callApi(api().GET('/account/DoLogin', { signal }), signal))),
    getAccount: fromPromise<AccountProfile>(async ({ signal }) => (await dataOf(callApi(api().GET('/account/GetAccount', { signal }), signal))).account),
    createAccount: fromPromise<AccountProfile, NewAccount>(async ({ input, signal }) => {
      const created =
        'fromOrder' in input
          ? api().POST('/account/CreateAccountFromOrder', {
              body: { authId: input.authId, email: input.email, orderRef: input.fromOrder.orderRef, points: input.fromOrder.points },
              signal,
            })
          : api().POST('/account/CreateAccount', { body: input, signal });
      return (await dataOf(callApi(created, signal))).account;
    }),
    // SPEC §4's order: the account record, then the identity user (which ends the stored session). A record deleted
    // already (a second attempt after the identity step failed) is no reason to stop.
    deleteAccount: fromPromise<void>(async ({ signal }) => {
      const deleted = await callApi(api().POST('/account/DeleteAccount', { signal }), signal);
      if (!deleted.ok) {
        if (deleted.aborted) throw new Error('The call was abandoned');
        if (deleted.error.status !== 404) throw deleted.error;
      }
      await (await loadPlatform()).deleteIdentityUser();
    }),
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
 * loaded only when a stored session is to be restored, or when someone signs in, signs up, signs out or needs a
 * token. Token refreshes that Amplify makes on its own reach the actor as events.
 */
export function createAuthActor(config: IdentityConfig, { api, storage = globalThis.localStorage }: AuthActorOptions): AuthActor {
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
  const auth: AuthActor = createActor(
    authMachine.provide({ actors: { ...identityActors(loadPlatform, hasStoredSession), ...accountActors(api, loadPlatform) } }),
  );
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
    isSignedIn: async () => isSignedIn(await waitFor(auth, (snapshot) => !snapshot.matches('restoring'))),
  };
}
