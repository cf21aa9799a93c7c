import { Stack, Text, Title } from '@mantine/core';

/** A signed-in user outside the owner group who finds the back office: the server refuses them too (403). */
export function OwnerOnlyScreen() {
  return (
    <Stack gap="md" py="md">
      <Title order={1}>Back office</Title>
      <Text size="lg">This page is for the restaurant&apos;s owner only.</Text>
    </Stack>
  );
}
