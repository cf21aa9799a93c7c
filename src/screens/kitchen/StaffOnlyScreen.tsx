import { Stack, Text, Title } from '@mantine/core';

/** A signed-in customer who finds the kitchen's address: the server refuses them too (403). */
export function StaffOnlyScreen() {
  return (
    <Stack gap="md" py="md">
      <Title order={1}>Kitchen</Title>
      <Text size="lg">This page is for the restaurant&apos;s staff only.</Text>
    </Stack>
  );
}
