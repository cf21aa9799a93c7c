import type { AuthNotice } from './authTypes';

// Apart from the auth statechart, which every first load runs: only the account screens and the signed-out notice,
// both loaded when shown, say these.

/** What the customer is told of each notice. */
const noticeTexts: Record<AuthNotice, string> = {
  codeResent: 'We have sent you a new code.',
  resetCodeSent: 'We have emailed you a code to reset your password.',
  resetEmailToCorrect: 'Correct the email address, and we will email a code there.',
  accountConfirmed: 'Your account is confirmed. Sign in to continue.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  accountDeleted: 'Your account has been deleted.',
  signedOutAfterAccountError: 'Something went wrong with your account, so we have signed you out. Please sign in again.',
};

export function noticeText(notice: AuthNotice): string {
  return noticeTexts[notice];
}
