import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Text } from '@mantine/core';
import type { AuthNotice } from '../../machines/auth/authMachine';
import { noticeText } from '../../machines/auth/authNotices';

export default function SignedOutNoticeAlert({ notice, failure, onDismiss }: { notice: AuthNotice; failure: string | undefined; onDismiss(): void }) {
  return (
    <Alert color="lacquerRed" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss} mb="md">
      <Text size="sm">{noticeText(notice)}</Text>
      {failure && <Text size="sm">{failure}</Text>}
    </Alert>
  );
}
