import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import type { AuthNotice } from '../../../machines/auth/authMachine';
import { noticeText } from '../../../machines/auth/authNotices';

/** A step that went well ("We have sent you a new code."), announced politely. */
export function AuthNoticeAlert({ notice }: { notice: AuthNotice | undefined }) {
  if (!notice) return null;
  return (
    <Alert color="green" role="status">
      {noticeText(notice)}
    </Alert>
  );
}

/** A refused step, in words the customer can act on (machines/auth/identityErrors.ts), announced at once. */
export function AuthFailureAlert({ title, failure }: { title: string; failure: string | undefined }) {
  if (!failure) return null;
  return (
    <Alert color="lacquerRed" role="alert" title={title}>
      {failure}
    </Alert>
  );
}
