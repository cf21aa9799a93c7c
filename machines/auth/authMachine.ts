import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isUserNotConfirmed, signInErrorMessage } from './signInErrors';

export interface AuthUser {
  sub: string;
  email: string;
  groups: string[];
}

export interface AuthSession {
  idToken: string;
  user: AuthUser;
}

export interface SignInCredentials {
  email: string;
  password: string;
}

export interface AuthContext {
  user: AuthUser | undefined;
  idToken: string | undefined;
  /** The text to show on the login form after a failed sign-in. */
  errorMessage: string | undefined;
  /** The email of the last sign-in attempt: the login form keeps it, the confirm-account screen needs it. */
  email: string | undefined;
}

export type AuthEvent =
  | ({ type: 'SIGN_IN' } & SignInCredentials)
  | { type: 'SIGN_OUT' }
  /** The identity platform could not keep the session alive (its tokens expired and could not be refreshed). */
  | { type: 'SESSION_EXPIRED' }
  /** The identity platform refreshed the tokens: the id token the API client sends must follow. */
  | { type: 'SESSION_REFRESHED'; session: AuthSession };

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

const signedOutContext = { user: undefined, idToken: undefined } as const;

/**
 * The customer's or staff member's session with the identity service (SPEC §2, §4, §6).
 * Tags: `busy` while talking to the identity service; `unconfirmed` when a sign-in found an account whose
 * email code was never confirmed (the screens then go to /confirmAccount).
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as 'busy' | 'unconfirmed',
  },
  actors: {
    restoreSession: fromPromise<AuthSession | undefined>(notProvided('restoreSession')),
    signIn: fromPromise<AuthSession, SignInCredentials>(notProvided('signIn')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  actions: {
    holdSession: assign((_, session: AuthSession) => ({ user: session.user, idToken: session.idToken, errorMessage: undefined })),
    clearSession: assign(signedOutContext),
  },
}).createMachine({
  id: 'auth',
  context: { ...signedOutContext, errorMessage: undefined, email: undefined },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: ({ event }) => event.output !== undefined,
            target: 'signedIn',
            actions: { type: 'holdSession', params: ({ event }) => event.output! },
          },
          { target: 'signedOut' },
        ],
        // A session that cannot be read is no session: the customer signs in again.
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      entry: 'clearSession',
      on: {
        SIGN_IN: { target: 'signingIn', actions: assign({ email: ({ event }) => event.email, errorMessage: undefined }) },
      },
    },
    awaitingConfirmation: {
      tags: ['unconfirmed'],
      entry: 'clearSession',
      on: {
        SIGN_IN: { target: 'signingIn', actions: assign({ email: ({ event }) => event.email, errorMessage: undefined }) },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'SIGN_IN') throw new Error(`signingIn entered by ${event.type}`);
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'holdSession', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: ({ event }) => isUserNotConfirmed(event.error),
            target: 'awaitingConfirmation',
          },
          {
            target: 'signedOut',
            actions: assign({ errorMessage: ({ event }) => signInErrorMessage(event.error) }),
          },
        ],
      },
    },
    signedIn: {
      on: {
        SIGN_OUT: { target: 'signingOut' },
        SESSION_EXPIRED: { target: 'signedOut' },
        SESSION_REFRESHED: { actions: assign(({ event }) => ({ user: event.session.user, idToken: event.session.idToken })) },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut' },
        // SPEC §4: sign-out errors clear the session all the same.
        onError: { target: 'signedOut' },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The id token to send as bearer, only while signed in (the API client reads it on every call). */
export function currentIdToken(snapshot: AuthSnapshot): string | undefined {
  return snapshot.matches('signedIn') ? snapshot.context.idToken : undefined;
}
