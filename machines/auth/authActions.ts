import { assign, type ParameterizedObject } from 'xstate';
import { apiErrorOf, type ApiError } from '../../src/domain/apiErrors';
import { DELETION_UNAVAILABLE_MESSAGE, identityErrorMessage, type IdentityStep } from './identityErrors';
import { refusalOf } from './authGuards';
import type { AccountProfile, AuthContext, AuthEvent, AuthNotice, AuthSession } from './authTypes';

const SESSION_EXPIRED_BEFORE_DELETION_MESSAGE = 'Your session has expired. Sign in again to delete your account.';

/** An attempt's email as it is sent and kept; a new email drops what belonged to the previous attempt's. */
function attemptBy(context: AuthContext, typedEmail: string): Partial<AuthContext> {
  const email = typedEmail.trim();
  const sameCustomer = email === context.email;
  return { email, failure: undefined, notice: undefined, ...(sameCustomer ? {} : { password: undefined, pendingOrder: undefined, guestDetails: undefined }) };
}

/** The profile details given with `CREATE_ACCOUNT`, without the empty ones. */
export function givenDetails(event: AuthEvent): { name?: string; phone?: string } {
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
export function isExpiredSession(error: unknown): boolean {
  return apiFailureOf(error)?.status === 401;
}

const sessionCleared = { user: undefined, idToken: undefined, account: undefined, password: undefined, pendingOrder: undefined } as const;

const assignAuth = <TParams extends ParameterizedObject['params'] | undefined = undefined>(
  assigner: (args: { context: AuthContext; event: AuthEvent }, params: TParams) => Partial<AuthContext>,
) => assign<AuthContext, AuthEvent, TParams, AuthEvent, never>(assigner);

/** The auth statechart's named actions (given to `setup`). */
export const authActions = {
  refuseAttempt: assignAuth(({ event }) => ({ failure: refusalOf(event), notice: undefined })),
  beginAttempt: assignAuth(({ context, event }) => ('email' in event ? attemptBy(context, event.email) : {})),
  beginSignIn: assignAuth(({ context, event }) => (event.type === 'SIGN_IN' ? { ...attemptBy(context, event.email), password: event.password } : {})),
  beginSignUp: assignAuth(({ context, event }) =>
    event.type === 'SIGN_UP' ? { ...attemptBy(context, event.email), password: event.password, pendingOrder: event.pendingOrder } : {},
  ),
  // Resetting the password leaves any sign-up in progress: its password is no longer needed.
  beginPasswordReset: assignAuth(({ context, event }) => ('email' in event ? { ...attemptBy(context, event.email), password: undefined } : {})),
  clearMessages: assignAuth(() => ({ failure: undefined, notice: undefined })),
  carryGuestDetails: assignAuth(({ context, event }) =>
    event.type === 'CARRY_GUEST_DETAILS'
      ? { ...attemptBy(context, event.email), guestDetails: { name: event.name.trim(), phone: event.phone.trim() } }
      : {},
  ),
  forgetGuestDetails: assignAuth(() => ({ guestDetails: undefined })),
  forgetPassword: assignAuth(() => ({ password: undefined })),
  holdSession: assignAuth<AuthSession>((_, session) => ({ user: session.user, idToken: session.idToken })),
  holdAccount: assignAuth<AccountProfile>((_, account) => ({ account })),
  accountCreated: assignAuth(() => ({ pendingOrder: undefined, guestDetails: undefined })),
  clearSession: assignAuth(() => sessionCleared),
  identityFailure: assignAuth<{ step: IdentityStep; error: unknown }>((_, { step, error }) => ({ failure: { step, message: identityErrorMessage(step, error) } })),
  notify: assignAuth<AuthNotice>((_, notice) => ({ notice })),
  // SPEC §8: an account-load or account-creation error signs out; the failure stays for the screen it lands on.
  accountFailure: assignAuth<{ step: 'loadAccount' | 'createAccount'; error: unknown }>((_, { step, error }) => ({
    failure: { step, message: accountErrorMessage(step, error) },
    notice: 'signedOutAfterAccountError' as const,
  })),
  sessionExpiredBeforeDeletion: assignAuth(() => ({ failure: { step: 'deleteAccount', message: SESSION_EXPIRED_BEFORE_DELETION_MESSAGE } })),
  deletionFailure: assignAuth<{ error: unknown }>((_, { error }) => ({ failure: { step: 'deleteAccount', message: accountErrorMessage('deleteAccount', error) } })),
};
