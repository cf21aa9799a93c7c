import { INVALID_EMAIL_MESSAGE, MISSING_EMAIL_MESSAGE } from '../../../machines/auth/identityErrors';
import { isEmailAddress } from '../../domain/contactRules';
import { isLongEnoughPassword, PASSWORD_TOO_SHORT_MESSAGE } from '../../domain/passwordRules';
import { withoutEmpty, type FieldErrors } from '../../domain/fieldMessages';

// The checks the auth forms make beside each field before an event is sent; the auth statechart refuses the same
// attempts (refusalOf) with the same words, so a message never depends on which of the two saw it first.

export const authFieldMessages = {
  passwordMissing: 'Enter your password.',
  codeMissing: 'Enter the code from our email.',
} as const;

function emailError(email: string): string | undefined {
  if (email.trim() === '') return MISSING_EMAIL_MESSAGE;
  return isEmailAddress(email) ? undefined : INVALID_EMAIL_MESSAGE;
}

function newPasswordError(password: string): string | undefined {
  return isLongEnoughPassword(password) ? undefined : PASSWORD_TOO_SHORT_MESSAGE;
}

function codeError(code: string): string | undefined {
  return code.trim() === '' ? authFieldMessages.codeMissing : undefined;
}

export function validateSignIn(draft: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return withoutEmpty({ email: emailError(draft.email), password: draft.password === '' ? authFieldMessages.passwordMissing : undefined });
}

export function validateSignUp(draft: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return withoutEmpty({ email: emailError(draft.email), password: newPasswordError(draft.password) });
}

export function validateEmail(draft: { email: string }): FieldErrors<'email'> {
  return withoutEmpty({ email: emailError(draft.email) });
}

export function validateConfirmation(draft: { email: string; code: string }): FieldErrors<'email' | 'code'> {
  return withoutEmpty({ email: emailError(draft.email), code: codeError(draft.code) });
}

export function validateNewPassword(draft: { code: string; newPassword: string }): FieldErrors<'code' | 'newPassword'> {
  return withoutEmpty({ code: codeError(draft.code), newPassword: newPasswordError(draft.newPassword) });
}
