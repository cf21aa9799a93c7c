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

const messageByErrorName = new Map<string, string>(Object.entries({
  // Cognito answers a wrong password with NotAuthorizedException, cognito-local with InvalidPasswordException;
  // an unknown email gets the same text so the form does not reveal who has an account.
  NotAuthorizedException: INCORRECT_CREDENTIALS_MESSAGE,
  InvalidPasswordException: INCORRECT_CREDENTIALS_MESSAGE,
  UserNotFoundException: INCORRECT_CREDENTIALS_MESSAGE,
  EmptySignInUsername: MISSING_CREDENTIALS_MESSAGE,
  EmptySignInPassword: MISSING_CREDENTIALS_MESSAGE,
  LimitExceededException: TOO_MANY_ATTEMPTS_MESSAGE,
  TooManyRequestsException: TOO_MANY_ATTEMPTS_MESSAGE,
  TooManyFailedAttemptsException: TOO_MANY_ATTEMPTS_MESSAGE,
  PasswordResetRequiredException: PASSWORD_RESET_REQUIRED_MESSAGE,
}));

/** The text the login screen shows for a failed sign-in (SPEC §8 leaves identity-service messages to us). */
export function signInErrorMessage(error: unknown): string {
  return messageByErrorName.get(identityErrorName(error) ?? '') ?? SIGN_IN_UNAVAILABLE_MESSAGE;
}
