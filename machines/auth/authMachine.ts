import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { apiErrorOf, type ApiError } from '../../src/domain/apiErrors';
import type { components } from '../../src/api/schema.gen';
import { profileFailures } from '../../src/domain/accountRules';
import { isEmailAddress } from '../../src/domain/contactRules';
import { normalisePath } from '../../src/domain/paths';
import { isLongEnoughPassword, PASSWORD_TOO_SHORT_MESSAGE } from '../../src/domain/passwordRules';
import {
  DELETION_UNAVAILABLE_MESSAGE,
  identityErrorMessage,
  INVALID_EMAIL_MESSAGE,
  isUserNotConfirmed,
  MISSING_CODE_MESSAGE,
  MISSING_CREDENTIALS_MESSAGE,
  MISSING_EMAIL_MESSAGE,
  MISSING_RESET_DETAILS_MESSAGE,
  type AuthStep,
  type IdentityStep,
} from './identityErrors';

export type { AuthStep } from './identityErrors';
export type AccountProfile = components['schemas']['AccountProfile'];

export interface AuthUser {
  sub: string;
  email: string;
  groups: string[];
}

export interface AuthSession {
  idToken: string;
  user: AuthUser;
}

/** A guest's confirmed order, credited to the account created after signing up (`CreateAccountFromOrder`). */
export interface PendingOrder {
  orderRef: string;
  points: number;
}

export interface GuestDetails {
  name: string;
  phone: string;
}

export interface AuthFailure {
  step: AuthStep;
  message: string;
}

/** What the customer is told after a step that went well, or after being signed out. */
export type AuthNotice = 'codeResent' | 'resetCodeSent' | 'accountConfirmed' | 'passwordChanged' | 'accountDeleted' | 'signedOutAfterAccountError';

const noticeTexts: Record<AuthNotice, string> = {
  codeResent: 'We have sent you a new code.',
  resetCodeSent: 'We have emailed you a code to reset your password.',
  accountConfirmed: 'Your account is confirmed. Sign in to continue.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  accountDeleted: 'Your account has been deleted.',
  signedOutAfterAccountError: 'Something went wrong with your account, so we have signed you out. Please sign in again.',
};

export function noticeText(notice: AuthNotice): string {
  return noticeTexts[notice];
}

const SESSION_EXPIRED_BEFORE_DELETION_MESSAGE = 'Your session has expired. Sign in again to delete your account.';

export interface AuthContext {
  user?: AuthUser;
  idToken?: string;
  /** The account record (`GetAccount`), held once signed in with one. */
  account?: AccountProfile;
  /** The email of the current sign-in, sign-up, confirmation or reset attempt: the forms prefill it. */
  email?: string;
  /**
   * Held only from a sign-up, or a sign-in that found an unconfirmed user, until the sign-in after confirming
   * the code, so that confirming signs the customer straight in.
   */
  password?: string;
  /** A guest's order to credit when the account is created (given with `SIGN_UP`). */
  pendingOrder?: PendingOrder;
  /**
   * The name and phone a guest gave with the order they just placed on this device (`CARRY_GUEST_DETAILS`, whose
   * email becomes `email`): /createAccount prefills them, until the account is created, another email is used or
   * the customer signs out.
   */
  guestDetails?: GuestDetails;
  failure?: AuthFailure;
  notice?: AuthNotice;
}

export interface SignInCredentials {
  email: string;
  password: string;
}

export interface ConfirmationCode {
  email: string;
  code: string;
}

export interface PasswordReset {
  email: string;
  code: string;
  newPassword: string;
}

/** `CreateAccount` with the optional profile details, or `CreateAccountFromOrder` when a guest's order is to be credited. */
export type NewAccount = { authId: string; email: string } & ({ name?: string; phone?: string } | { fromOrder: PendingOrder });

export interface AccountCheck {
  accountExists: boolean;
}

export type AuthEvent =
  | { type: 'SIGN_IN'; email: string; password: string }
  | { type: 'SIGN_UP'; email: string; password: string; pendingOrder?: PendingOrder }
  | { type: 'CONFIRM_SIGN_UP'; email: string; code: string }
  | { type: 'RESEND_CODE'; email: string }
  | { type: 'REQUEST_PASSWORD_RESET'; email: string }
  | { type: 'RESET_PASSWORD'; email: string; code: string; newPassword: string }
  | { type: 'CREATE_ACCOUNT'; name?: string; phone?: string }
  /** A guest who has just ordered asks for an account: the order's contact details prefill the account forms. */
  | { type: 'CARRY_GUEST_DETAILS'; email: string; name: string; phone: string }
  /** A profile or address change answered the account: the held one is replaced. */
  | { type: 'ACCOUNT_CHANGED'; account: AccountProfile }
  | { type: 'RELOAD_ACCOUNT' }
  | { type: 'DELETE_ACCOUNT' }
  | { type: 'SIGN_OUT' }
  /** The identity platform could not keep the session alive (its tokens expired and could not be refreshed). */
  | { type: 'SESSION_EXPIRED' }
  /** The identity platform refreshed the tokens: the id token the API client sends must follow. */
  | { type: 'SESSION_REFRESHED'; session: AuthSession }
  /** Clears the failure and the notice: screens send it when they open. */
  | { type: 'DISMISS_MESSAGES' };

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

const isBlank = (text: string) => text.trim() === '';

const profileLabels = { name: 'Name', phone: 'Phone' } as const;

/**
 * Why an attempt is refused before any call is made (SPEC §5: reset calls only with non-empty values; sign-up and
 * reset need an email and a password of at least 8 characters), or undefined when it may go ahead.
 */
function refusalOf(event: AuthEvent): AuthFailure | undefined {
  switch (event.type) {
    case 'SIGN_IN':
      return isBlank(event.email) || event.password === '' ? { step: 'signIn', message: MISSING_CREDENTIALS_MESSAGE } : undefined;
    case 'SIGN_UP':
      if (!isEmailAddress(event.email)) return { step: 'signUp', message: INVALID_EMAIL_MESSAGE };
      return isLongEnoughPassword(event.password) ? undefined : { step: 'signUp', message: PASSWORD_TOO_SHORT_MESSAGE };
    case 'CONFIRM_SIGN_UP':
      return isBlank(event.email) || isBlank(event.code) ? { step: 'confirmSignUp', message: MISSING_CODE_MESSAGE } : undefined;
    case 'RESEND_CODE':
      return isBlank(event.email) ? { step: 'resendCode', message: MISSING_EMAIL_MESSAGE } : undefined;
    case 'REQUEST_PASSWORD_RESET':
      return isBlank(event.email) ? { step: 'requestPasswordReset', message: MISSING_EMAIL_MESSAGE } : undefined;
    case 'RESET_PASSWORD':
      if (isBlank(event.email) || isBlank(event.code) || event.newPassword === '') return { step: 'resetPassword', message: MISSING_RESET_DETAILS_MESSAGE };
      return isLongEnoughPassword(event.newPassword) ? undefined : { step: 'resetPassword', message: PASSWORD_TOO_SHORT_MESSAGE };
    case 'CREATE_ACCOUNT': {
      const failures = profileFailures({ name: event.name ?? '', phone: event.phone ?? '' }, { required: false });
      const field = (['name', 'phone'] as const).find((name) => failures[name] !== undefined);
      return field ? { step: 'createAccount', message: `${profileLabels[field]} ${failures[field]}` } : undefined;
    }
    default:
      return undefined;
  }
}

/** An attempt's email as it is sent and kept; a new email drops what belonged to the previous attempt's. */
function attemptBy(context: AuthContext, typedEmail: string): Partial<AuthContext> {
  const email = typedEmail.trim();
  const sameCustomer = email === context.email;
  return { email, failure: undefined, notice: undefined, ...(sameCustomer ? {} : { password: undefined, pendingOrder: undefined, guestDetails: undefined }) };
}

/** The email a guest's order carried to /register (empty when none did). */
export function carriedEmail(context: AuthContext): string {
  return context.guestDetails === undefined ? '' : (context.email ?? '');
}

/** The profile details given with `CREATE_ACCOUNT`, without the empty ones. */
function givenDetails(event: AuthEvent): { name?: string; phone?: string } {
  if (event.type !== 'CREATE_ACCOUNT') return {};
  const name = event.name?.trim();
  const phone = event.phone?.trim();
  return { ...(name ? { name } : {}), ...(phone ? { phone } : {}) };
}

/** The call's ApiError when it was the API that refused (the deletion's identity-service step rejects otherwise). */
function apiFailureOf(error: unknown): ApiError | undefined {
  return apiErrorOf(error) === error ? (error as ApiError) : undefined;
}

const accountFallbackMessages = {
  loadAccount: 'We could not load your account.',
  createAccount: 'We could not create your account.',
  deleteAccount: DELETION_UNAVAILABLE_MESSAGE,
} as const;

function accountErrorMessage(step: keyof typeof accountFallbackMessages, error: unknown): string {
  const apiError = apiFailureOf(error);
  if (!apiError) return step === 'deleteAccount' ? identityErrorMessage('deleteAccount', error) : accountFallbackMessages[step];
  const firstValidation = apiError.validationErrors[0];
  return apiError.message ?? (firstValidation ? `${firstValidation.field} ${firstValidation.message}` : accountFallbackMessages[step]);
}

/** The API refused the deletion because the id token is no longer valid: nothing was deleted. */
function isExpiredSession(error: unknown): boolean {
  return apiFailureOf(error)?.status === 401;
}

const sessionCleared = { user: undefined, idToken: undefined, account: undefined, password: undefined, pendingOrder: undefined } as const;

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
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as 'busy' | 'unconfirmed' | 'needsAccount',
  },
  actors: {
    restoreSession: fromPromise<AuthSession | undefined>(notProvided('restoreSession')),
    signIn: fromPromise<AuthSession, SignInCredentials>(notProvided('signIn')),
    signUp: fromPromise<void, SignInCredentials>(notProvided('signUp')),
    confirmSignUp: fromPromise<void, ConfirmationCode>(notProvided('confirmSignUp')),
    resendCode: fromPromise<void, { email: string }>(notProvided('resendCode')),
    requestPasswordReset: fromPromise<void, { email: string }>(notProvided('requestPasswordReset')),
    resetPassword: fromPromise<void, PasswordReset>(notProvided('resetPassword')),
    doLogin: fromPromise<AccountCheck>(notProvided('doLogin')),
    getAccount: fromPromise<AccountProfile>(notProvided('getAccount')),
    createAccount: fromPromise<AccountProfile, NewAccount>(notProvided('createAccount')),
    /** Deletes the account record, then the identity user, which also ends the stored session (SPEC §4). */
    deleteAccount: fromPromise<void>(notProvided('deleteAccount')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  guards: {
    attemptRefused: ({ event }) => refusalOf(event) !== undefined,
    passwordHeld: ({ context }) => context.password !== undefined,
  },
  actions: {
    refuseAttempt: assign(({ event }) => ({ failure: refusalOf(event), notice: undefined })),
    beginAttempt: assign(({ context, event }) => ('email' in event ? attemptBy(context, event.email) : {})),
    beginSignIn: assign(({ context, event }) => (event.type === 'SIGN_IN' ? { ...attemptBy(context, event.email), password: event.password } : {})),
    beginSignUp: assign(({ context, event }) =>
      event.type === 'SIGN_UP' ? { ...attemptBy(context, event.email), password: event.password, pendingOrder: event.pendingOrder } : {},
    ),
    // Resetting the password leaves any sign-up in progress: its password is no longer needed.
    beginPasswordReset: assign(({ context, event }) => ('email' in event ? { ...attemptBy(context, event.email), password: undefined } : {})),
    clearMessages: assign({ failure: undefined, notice: undefined }),
    carryGuestDetails: assign(({ context, event }) =>
      event.type === 'CARRY_GUEST_DETAILS'
        ? { ...attemptBy(context, event.email), guestDetails: { name: event.name.trim(), phone: event.phone.trim() } }
        : {},
    ),
    forgetGuestDetails: assign({ guestDetails: undefined }),
    holdSession: assign((_, session: AuthSession) => ({ user: session.user, idToken: session.idToken })),
    holdAccount: assign((_, account: AccountProfile) => ({ account })),
    clearSession: assign(sessionCleared),
    identityFailure: assign((_, { step, error }: { step: IdentityStep; error: unknown }) => ({ failure: { step, message: identityErrorMessage(step, error) } })),
    notify: assign((_, notice: AuthNotice) => ({ notice })),
    // SPEC §8: an account-load or account-creation error signs out; the failure stays for the screen it lands on.
    accountFailure: assign((_, { step, error }: { step: 'loadAccount' | 'createAccount'; error: unknown }) => ({
      failure: { step, message: accountErrorMessage(step, error) },
      notice: 'signedOutAfterAccountError' as const,
    })),
  },
}).createMachine({
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
    requestingPasswordReset: {
      tags: ['busy'],
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email! }),
        onDone: { target: 'awaitingNewPassword', actions: { type: 'notify', params: 'resetCodeSent' } },
        onError: {
          target: 'signedOut',
          actions: { type: 'identityFailure', params: ({ event }) => ({ step: 'requestPasswordReset', error: event.error }) },
        },
      },
    },
    awaitingNewPassword: {
      on: signedOutAttempts,
    },
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
      entry: assign({ password: undefined }),
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
              actions: [{ type: 'holdAccount', params: ({ event }) => event.output }, assign({ pendingOrder: undefined, guestDetails: undefined })],
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
                actions: assign({ failure: { step: 'deleteAccount', message: SESSION_EXPIRED_BEFORE_DELETION_MESSAGE } }),
              },
              {
                target: 'ready',
                actions: assign(({ event }) => ({ failure: { step: 'deleteAccount' as const, message: accountErrorMessage('deleteAccount', event.error) } })),
              },
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
