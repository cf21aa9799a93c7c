import { Anchor, Stack, Text, Title } from '@mantine/core';

/** SPEC §2/§8: where render errors and a failed core-data load end up. */
export function SorryScreen() {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>Sorry, something went wrong</Title>
      <Text>We could not load this page. Please try again in a moment, or phone the restaurant to order.</Text>
      {/* A full page load, so that the restaurant's details are fetched afresh. */}
      <Anchor href="/">Try again</Anchor>
    </Stack>
  );
}
