import type { components } from '../../src/api/schema.gen';
import type { AuthStep } from './identityErrors';

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
export type AuthNotice = 'codeResent' | 'resetCodeSent' | 'resetEmailToCorrect' | 'accountConfirmed' | 'passwordChanged' | 'accountDeleted' | 'signedOutAfterAccountError';


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
  /** The code step left for the email step: the code was asked for at an address the customer did not mean. */
  | { type: 'USE_ANOTHER_EMAIL' }
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

export type AuthTag = 'busy' | 'unconfirmed' | 'needsAccount';
