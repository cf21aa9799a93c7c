import { setup, type SnapshotFrom } from 'xstate';
import { normalisePath } from '../../src/domain/paths';
import { authActions, givenDetails, isExpiredSession } from './authActions';
import { authActors } from './authActors';
import { authGuards } from './authGuards';
import type { AccountProfile, AuthContext, AuthEvent, AuthStep, AuthTag, NewAccount } from './authTypes';
import { isUserNotConfirmed } from './identityErrors';

export * from './authTypes';

// The events a signed-out customer can send from every screen of the auth flows (login, register, confirm, reset):
// each is refused, with its failure, when its values cannot go ahead.
const signedOutAttempts = {
  SIGN_IN: [
    { guard: 'attemptRefused', actions: 'refuseAttempt' },
    { target: '#auth.signingIn', actions: 'beginSignIn' },
  ],
  SIGN_UP: [
    { guard: 'attemptRefused', actions: 'refuseAttempt' },
    { target: '#auth.signingUp', actions: 'beginSignUp' },
  ],
  CONFIRM_SIGN_UP: [
    { guard: 'attemptRefused', actions: 'refuseAttempt' },
    { target: '#auth.confirmingSignUp', actions: 'beginAttempt' },
  ],
  RESEND_CODE: [
    { guard: 'attemptRefused', actions: 'refuseAttempt' },
    { target: '#auth.resendingCode', actions: 'beginAttempt' },
  ],
  REQUEST_PASSWORD_RESET: [
    { guard: 'attemptRefused', actions: 'refuseAttempt' },
    { target: '#auth.requestingPasswordReset', actions: 'beginPasswordReset' },
  ],
  RESET_PASSWORD: [
    { guard: 'attemptRefused', actions: 'refuseAttempt' },
    { target: '#auth.resettingPassword', actions: 'beginPasswordReset' },
  ],
  CARRY_GUEST_DETAILS: { actions: 'carryGuestDetails' },
} as const;

/**
 * The customer's or staff member's session with the identity service and their account record, from restoring a
 * stored session to deleting the account (SPEC §2, §4, §8; docs/accounts.md). Tags: `busy` while a call is in
 * flight; `unconfirmed` while the email code is awaited (the screens show /confirmAccount); `needsAccount` when
 * signed in without an account record (/createAccount).
 */
const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as AuthTag,
  },
  actors: authActors,
  guards: authGuards,
  actions: authActions,
});

/** Asks for a password-reset code by email; a refusal leaves the customer at `refusedTo`, the step they asked from. */
const requestingResetCode = (refusedTo: 'signedOut' | 'awaitingNewPassword') =>
  authSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'requestPasswordReset',
      src: 'requestPasswordReset',
      input: ({ context }) => ({ email: context.email! }),
      onDone: { target: 'awaitingNewPassword', actions: { type: 'notify', params: 'resetCodeSent' } },
      onError: {
        target: refusedTo,
        actions: { type: 'identityFailure', params: ({ event }) => ({ step: 'requestPasswordReset', error: event.error }) },
      },
    },
  });

export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: {},
  initial: 'restoring',
  on: {
    DISMISS_MESSAGES: { actions: 'clearMessages' },
  },
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
      on: signedOutAttempts,
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email!, password: context.password! }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'holdSession', params: ({ event }) => event.output },
        },
        onError: [
          // The password is kept: confirming the code then signs the customer straight in.
          { guard: ({ event }) => isUserNotConfirmed(event.error), target: 'awaitingConfirmation' },
          { target: 'signedOut', actions: { type: 'identityFailure', params: ({ event }) => ({ step: 'signIn', error: event.error }) } },
        ],
      },
    },
    signingUp: {
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({ email: context.email!, password: context.password! }),
        onDone: { target: 'awaitingConfirmation' },
        onError: { target: 'signedOut', actions: { type: 'identityFailure', params: ({ event }) => ({ step: 'signUp', error: event.error }) } },
      },
    },
    awaitingConfirmation: {
      tags: ['unconfirmed'],
      on: signedOutAttempts,
    },
    confirmingSignUp: {
      tags: ['busy'],
      invoke: {
        id: 'confirmSignUp',
        src: 'confirmSignUp',
        input: ({ context, event }) => {
          if (event.type !== 'CONFIRM_SIGN_UP') throw new Error(`confirmingSignUp entered by ${event.type}`);
          return { email: context.email!, code: event.code.trim() };
        },
        onDone: [
          { guard: 'passwordHeld', target: 'signingInAfterConfirmation' },
          { target: 'signedOut', actions: { type: 'notify', params: 'accountConfirmed' } },
        ],
        onError: {
          target: 'awaitingConfirmation',
          actions: { type: 'identityFailure', params: ({ event }) => ({ step: 'confirmSignUp', error: event.error }) },
        },
      },
    },
    resendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => ({ email: context.email! }),
        onDone: { target: 'awaitingConfirmation', actions: { type: 'notify', params: 'codeResent' } },
        onError: {
          target: 'awaitingConfirmation',
          actions: { type: 'identityFailure', params: ({ event }) => ({ step: 'resendCode', error: event.error }) },
        },
      },
    },
    signingInAfterConfirmation: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email!, password: context.password! }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'holdSession', params: ({ event }) => event.output },
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'notify', params: 'accountConfirmed' },
            { type: 'identityFailure', params: ({ event }) => ({ step: 'signIn', error: event.error }) },
          ],
        },
      },
    },
    requestingPasswordReset: requestingResetCode('signedOut'),
    awaitingNewPassword: {
      on: {
        ...signedOutAttempts,
        // Another code, asked for from the code step: the step stays, with what was typed there, whatever the answer.
        REQUEST_PASSWORD_RESET: [
          { guard: 'attemptRefused', actions: 'refuseAttempt' },
          { target: 'requestingAnotherResetCode', actions: 'beginPasswordReset' },
        ],
        // Back to the email step, the address kept there to be corrected.
        USE_ANOTHER_EMAIL: { target: 'signedOut', actions: ['clearMessages', { type: 'notify', params: 'resetEmailToCorrect' }] },
      },
    },
    requestingAnotherResetCode: requestingResetCode('awaitingNewPassword'),
    resettingPassword: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        // The new password is sent, never kept.
        input: ({ context, event }) => {
          if (event.type !== 'RESET_PASSWORD') throw new Error(`resettingPassword entered by ${event.type}`);
          return { email: context.email!, code: event.code.trim(), newPassword: event.newPassword };
        },
        onDone: { target: 'signedOut', actions: { type: 'notify', params: 'passwordChanged' } },
        onError: {
          target: 'awaitingNewPassword',
          actions: { type: 'identityFailure', params: ({ event }) => ({ step: 'resetPassword', error: event.error }) },
        },
      },
    },
    signedIn: {
      initial: 'checkingAccount',
      entry: 'forgetPassword',
      on: {
        SIGN_OUT: { target: 'signingOut', actions: 'clearMessages' },
        SESSION_EXPIRED: { target: 'signedOut', actions: 'clearMessages' },
        SESSION_REFRESHED: { actions: { type: 'holdSession', params: ({ event }) => event.session } },
      },
      states: {
        checkingAccount: {
          tags: ['busy'],
          invoke: {
            id: 'doLogin',
            src: 'doLogin',
            onDone: [{ guard: ({ event }) => event.output.accountExists, target: 'loadingAccount' }, { target: 'noAccount' }],
            onError: {
              target: '#auth.signingOut',
              actions: { type: 'accountFailure', params: ({ event }) => ({ step: 'loadAccount', error: event.error }) },
            },
          },
        },
        loadingAccount: {
          tags: ['busy'],
          invoke: {
            id: 'getAccount',
            src: 'getAccount',
            onDone: { target: 'ready', actions: { type: 'holdAccount', params: ({ event }) => event.output } },
            onError: {
              target: '#auth.signingOut',
              actions: { type: 'accountFailure', params: ({ event }) => ({ step: 'loadAccount', error: event.error }) },
            },
          },
        },
        noAccount: {
          tags: ['needsAccount'],
          on: {
            CREATE_ACCOUNT: [
              { guard: 'attemptRefused', actions: 'refuseAttempt' },
              { target: 'creatingAccount', actions: 'clearMessages' },
            ],
          },
        },
        creatingAccount: {
          tags: ['busy'],
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            // A guest who signed up after ordering turns that order into the account's first (SPEC §7 CreateAccountFromOrder).
            input: ({ context, event }): NewAccount => {
              const { sub: authId, email } = context.user!;
              return context.pendingOrder ? { authId, email, fromOrder: context.pendingOrder } : { authId, email, ...givenDetails(event) };
            },
            onDone: {
              target: 'ready',
              actions: [{ type: 'holdAccount', params: ({ event }) => event.output }, 'accountCreated'],
            },
            onError: {
              target: '#auth.signingOut',
              actions: { type: 'accountFailure', params: ({ event }) => ({ step: 'createAccount', error: event.error }) },
            },
          },
        },
        ready: {
          on: {
            ACCOUNT_CHANGED: { actions: { type: 'holdAccount', params: ({ event }) => event.account } },
            RELOAD_ACCOUNT: { target: 'loadingAccount', actions: 'clearMessages' },
            DELETE_ACCOUNT: { target: 'deletingAccount', actions: 'clearMessages' },
          },
        },
        deletingAccount: {
          tags: ['busy'],
          on: {
            // Signing out half-way would leave the account deleted here but not in the identity service.
            SIGN_OUT: { actions: [] },
          },
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            onDone: { target: '#auth.signedOut', actions: { type: 'notify', params: 'accountDeleted' } },
            onError: [
              {
                guard: ({ event }) => isExpiredSession(event.error),
                target: '#auth.signingOut',
                actions: 'sessionExpiredBeforeDeletion',
              },
              { target: 'ready', actions: { type: 'deletionFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      entry: ['clearSession', 'forgetGuestDetails'],
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

/** The email a guest's order carried to /register (empty when none did). */
export function carriedEmail(context: AuthContext): string {
  return context.guestDetails === undefined ? '' : (context.email ?? '');
}

export function isSignedIn(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('signedIn');
}

/** The id token to send as bearer, only while signed in (the API client reads it on every call). */
export function currentIdToken(snapshot: AuthSnapshot): string | undefined {
  return isSignedIn(snapshot) ? snapshot.context.idToken : undefined;
}

/** The signed-in customer's account record, when there is one. */
export function heldAccount(snapshot: AuthSnapshot): AccountProfile | undefined {
  return isSignedIn(snapshot) ? snapshot.context.account : undefined;
}

/** The message of the last failure when it was `step`'s: each screen shows the failures of its own steps. */
export function failureFor(snapshot: AuthSnapshot, step: AuthStep): string | undefined {
  const { failure } = snapshot.context;
  return failure?.step === step ? failure.message : undefined;
}

/**
 * Whether the guarded routes can decide: the stored session has been read and, when signed in, whether there is
 * an account record is known (the guard waits for this before `accountRouteRedirect`).
 */
export function isAuthSettled(snapshot: AuthSnapshot): boolean {
  return !(
    snapshot.matches('restoring') ||
    snapshot.matches({ signedIn: 'checkingAccount' }) ||
    snapshot.matches({ signedIn: 'loadingAccount' }) ||
    snapshot.matches({ signedIn: 'creatingAccount' })
  );
}

/**
 * The guard of the account routes (/account, /accountQR, /updateProfile, /addAddress, /createAccount, /viewOrder,
 * /vouchers; SPEC §2), read once `isAuthSettled`: undefined lets the customer in; otherwise where to send them.
 */
export function accountRouteRedirect(snapshot: AuthSnapshot, pathname: string): '/login' | '/createAccount' | '/account' | undefined {
  if (!isSignedIn(snapshot)) return '/login';
  const onCreateAccount = normalisePath(pathname) === '/createaccount';
  const hasAccount = heldAccount(snapshot) !== undefined;
  if (!hasAccount && !onCreateAccount) return '/createAccount';
  if (hasAccount && onCreateAccount) return '/account';
  return undefined;
}

/**
 * Where SPEC §2's "navigation after events" sends the customer now that the last event has settled, for the
 * screen that sent it: after sign-up, or a sign-in that found an unconfirmed user, `/confirmAccount`; after
 * confirming, `/createAccount` (a new user has no account record yet); after a password reset or a confirmation
 * without the password, `/login`; after sign-out, deletion or an account error, `/`. Undefined while busy, and
 * when the customer stays where they are to read a failure.
 */
export function authDestination(snapshot: AuthSnapshot): string | undefined {
  if (snapshot.hasTag('busy')) return undefined;
  const { failure, notice } = snapshot.context;
  if (snapshot.matches('signedOut')) {
    if (notice === 'passwordChanged' || notice === 'accountConfirmed' || failure?.step === 'deleteAccount') return '/login';
    if (notice === 'resetEmailToCorrect') return '/forgotPassword';
    if (notice === 'accountDeleted' || notice === 'signedOutAfterAccountError') return '/';
    return failure ? undefined : '/';
  }
  if (failure) return undefined;
  if (snapshot.matches('awaitingConfirmation')) return '/confirmAccount';
  if (snapshot.matches('awaitingNewPassword')) return '/forgotPassword';
  if (snapshot.matches({ signedIn: 'noAccount' })) return '/createAccount';
  if (snapshot.matches({ signedIn: 'ready' })) return '/account';
  return undefined;
}
