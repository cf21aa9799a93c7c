import { PASSWORD_TOO_SHORT_MESSAGE } from '../../src/domain/passwordRules';

/** The calls of the auth lifecycle that can fail, as `failure.step` names them. */
export type AuthStep =
  | 'signIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendCode'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'createAccount'
  | 'loadAccount'
  | 'deleteAccount';

/** The steps that call the identity service (the others call the API, whose errors carry their own message). */
export type IdentityStep = Extract<AuthStep, 'signIn' | 'signUp' | 'confirmSignUp' | 'resendCode' | 'requestPasswordReset' | 'resetPassword' | 'deleteAccount'>;

/** What the identity service calls the failure, as AWS error names go (Amplify's AuthError keeps them in `name`). */
export function identityErrorName(error: unknown): string | undefined {
  if (error instanceof Error) return error.name;
  if (typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string') {
    return (error as { name: string }).name;
  }
  return undefined;
}

/** The account exists and the password was right, but its email code has not been confirmed (SPEC §2, §4). */
export function isUserNotConfirmed(error: unknown): boolean {
  return identityErrorName(error) === 'UserNotConfirmedException';
}

export const INCORRECT_CREDENTIALS_MESSAGE = 'Incorrect email or password.';
export const MISSING_CREDENTIALS_MESSAGE = 'Enter your email and password.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
export const PASSWORD_RESET_REQUIRED_MESSAGE = 'Your password must be reset. Use Forgot password to choose a new one.';
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Sign-in is unavailable just now. Please try again.';
export const EMAIL_ALREADY_REGISTERED_MESSAGE = 'An account with this email already exists. Sign in or reset your password.';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, for example name@example.com.';
export const WRONG_CODE_MESSAGE = 'That code is not right. Check the code in our email and try again.';
export const EXPIRED_CODE_MESSAGE = 'That code has expired. Ask us to send you a new one.';
export const ALREADY_CONFIRMED_MESSAGE = 'This account is already confirmed. Sign in to continue.';
export const NO_ACCOUNT_FOR_EMAIL_MESSAGE = 'We cannot find an account with this email. Check it, or register for an account.';
export const CODE_NOT_SENT_MESSAGE = 'We could not send a code to this email address. Check it and try again.';
export const DELETION_UNAVAILABLE_MESSAGE = 'We could not delete your account just now. Please try again.';
export const MISSING_EMAIL_MESSAGE = 'Enter your email address.';
export const MISSING_CODE_MESSAGE = 'Enter your email address and the code from our email.';
export const MISSING_RESET_DETAILS_MESSAGE = 'Enter your email address, the code from our email and a new password.';

const tooManyAttempts = {
  LimitExceededException: TOO_MANY_ATTEMPTS_MESSAGE,
  TooManyRequestsException: TOO_MANY_ATTEMPTS_MESSAGE,
  TooManyFailedAttemptsException: TOO_MANY_ATTEMPTS_MESSAGE,
};

const codeChecks = {
  CodeMismatchException: WRONG_CODE_MESSAGE,
  ExpiredCodeException: EXPIRED_CODE_MESSAGE,
};

// Each step names the errors the identity service gives for it (Cognito's API reference, and cognito-local where it
// differs: docs/identity.md); anything else means the service could not be reached or failed.
const messagesByStep: Record<IdentityStep, { messages: Record<string, string>; otherwise: string }> = {
  signIn: {
    messages: {
      // Cognito answers a wrong password with NotAuthorizedException, cognito-local with InvalidPasswordException;
      // an unknown email gets the same text so the form does not reveal who has an account.
      NotAuthorizedException: INCORRECT_CREDENTIALS_MESSAGE,
      InvalidPasswordException: INCORRECT_CREDENTIALS_MESSAGE,
      UserNotFoundException: INCORRECT_CREDENTIALS_MESSAGE,
      EmptySignInUsername: MISSING_CREDENTIALS_MESSAGE,
      EmptySignInPassword: MISSING_CREDENTIALS_MESSAGE,
      PasswordResetRequiredException: PASSWORD_RESET_REQUIRED_MESSAGE,
      ...tooManyAttempts,
    },
    otherwise: SIGN_IN_UNAVAILABLE_MESSAGE,
  },
  signUp: {
    messages: {
      UsernameExistsException: EMAIL_ALREADY_REGISTERED_MESSAGE,
      AliasExistsException: EMAIL_ALREADY_REGISTERED_MESSAGE,
      InvalidPasswordException: PASSWORD_TOO_SHORT_MESSAGE,
      InvalidParameterException: INVALID_EMAIL_MESSAGE,
      CodeDeliveryFailureException: CODE_NOT_SENT_MESSAGE,
      ...tooManyAttempts,
    },
    otherwise: 'Registering is unavailable just now. Please try again.',
  },
  confirmSignUp: {
    messages: {
      ...codeChecks,
      // Cognito's answer for an account confirmed already (cognito-local gives it for an unknown email too).
      NotAuthorizedException: ALREADY_CONFIRMED_MESSAGE,
      UserNotFoundException: NO_ACCOUNT_FOR_EMAIL_MESSAGE,
      ...tooManyAttempts,
    },
    otherwise: 'We could not confirm your account just now. Please try again.',
  },
  resendCode: {
    messages: {
      UserNotFoundException: NO_ACCOUNT_FOR_EMAIL_MESSAGE,
      // Cognito (and the local proxy) refuse to resend to a confirmed account with InvalidParameterException.
      InvalidParameterException: ALREADY_CONFIRMED_MESSAGE,
      CodeDeliveryFailureException: CODE_NOT_SENT_MESSAGE,
      ...tooManyAttempts,
    },
    otherwise: 'We could not send a new code just now. Please try again.',
  },
  requestPasswordReset: {
    messages: {
      UserNotFoundException: NO_ACCOUNT_FOR_EMAIL_MESSAGE,
      InvalidParameterException: INVALID_EMAIL_MESSAGE,
      CodeDeliveryFailureException: CODE_NOT_SENT_MESSAGE,
      ...tooManyAttempts,
    },
    otherwise: 'We could not send a reset code just now. Please try again.',
  },
  resetPassword: {
    messages: {
      ...codeChecks,
      InvalidPasswordException: PASSWORD_TOO_SHORT_MESSAGE,
      UserNotFoundException: NO_ACCOUNT_FOR_EMAIL_MESSAGE,
      ...tooManyAttempts,
    },
    otherwise: 'We could not change your password just now. Please try again.',
  },
  deleteAccount: {
    messages: tooManyAttempts,
    otherwise: DELETION_UNAVAILABLE_MESSAGE,
  },
};

/** The text a customer is shown when an identity-service call of `step` fails (SPEC §8 leaves these to us). */
export function identityErrorMessage(step: IdentityStep, error: unknown): string {
  const { messages, otherwise } = messagesByStep[step];
  const name = identityErrorName(error);
  return name !== undefined && Object.hasOwn(messages, name) ? messages[name] : otherwise;
}

/** The field of the auth forms an identity refusal is about, where it is shown as well as above the form. */
export type IdentityField = 'email' | 'password' | 'code';

const fieldOfMessage: Readonly<Record<string, IdentityField>> = {
  [EMAIL_ALREADY_REGISTERED_MESSAGE]: 'email',
  [INVALID_EMAIL_MESSAGE]: 'email',
  [NO_ACCOUNT_FOR_EMAIL_MESSAGE]: 'email',
  [CODE_NOT_SENT_MESSAGE]: 'email',
  [WRONG_CODE_MESSAGE]: 'code',
  [EXPIRED_CODE_MESSAGE]: 'code',
  [PASSWORD_TOO_SHORT_MESSAGE]: 'password',
};

/** The refusal `failure` if it is about `field`: a wrong or expired code at the code, a taken email at the email… */
export function identityFailureAt(failure: string | undefined, field: IdentityField): string | undefined {
  return failure !== undefined && fieldOfMessage[failure] === field ? failure : undefined;
}
