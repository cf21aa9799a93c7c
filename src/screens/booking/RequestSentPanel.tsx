import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a stored request answers: its reference, to quote on the phone, and what happens next. */
export function RequestSentPanel({ title, reference, children }: { title: string; reference: string; children: ReactNode }) {
  return (
    <Stack gap="xs" role="status" aria-labelledby="request-sent">
      <Title order={2} id="request-sent">
        {title}
      </Title>
      <Text>
        Your reference is <strong>{reference}</strong>.
      </Text>
      {children}
    </Stack>
  );
}
