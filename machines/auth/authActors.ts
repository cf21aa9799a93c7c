import { fromPromise } from 'xstate';
import type { AccountCheck, AccountProfile, AuthSession, ConfirmationCode, NewAccount, PasswordReset, SignInCredentials } from './authTypes';

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

/**
 * The identity service's and the account API's calls: placeholders here, which the app (src/actors/auth.ts) and the
 * tests give with `authMachine.provide({ actors })`.
 */
export const authActors = {
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
};
