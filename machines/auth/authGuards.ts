import { profileFailures } from '../../src/domain/accountRules';
import { isEmailAddress } from '../../src/domain/contactRules';
import { isLongEnoughPassword, PASSWORD_TOO_SHORT_MESSAGE } from '../../src/domain/passwordRules';
import {
  INVALID_EMAIL_MESSAGE,
  MISSING_CODE_MESSAGE,
  MISSING_CREDENTIALS_MESSAGE,
  MISSING_EMAIL_MESSAGE,
  MISSING_RESET_DETAILS_MESSAGE,
} from './identityErrors';
import type { AuthContext, AuthEvent, AuthFailure } from './authTypes';

const isBlank = (text: string) => text.trim() === '';

const profileLabels = { name: 'Name', phone: 'Phone' } as const;

/**
 * Why an attempt is refused before any call is made (SPEC §5: reset calls only with non-empty values; sign-up and
 * reset need an email and a password of at least 8 characters), or undefined when it may go ahead.
 */
export function refusalOf(event: AuthEvent): AuthFailure | undefined {
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

type GuardArgs = { context: AuthContext; event: AuthEvent };

/** The auth statechart's named guards (given to `setup`); those that read a call's answer stay beside its invoke. */
export const authGuards = {
  attemptRefused: ({ event }: GuardArgs) => refusalOf(event) !== undefined,
  passwordHeld: ({ context }: GuardArgs) => context.password !== undefined,
};
