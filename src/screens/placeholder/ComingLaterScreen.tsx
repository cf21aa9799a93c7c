import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** For pages whose content another part of the project builds: the heading is real, the body says what will come. */
export function ComingLaterScreen({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{heading}</Title>
      <Text>{children}</Text>
      <Anchor component={Link} to="/" w="fit-content">
        Back to the home page
      </Anchor>
    </Stack>
  );
}
