import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Logo } from './Logo';

/** SPEC §2: any path the site does not know. */
export function SplashScreen() {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Logo size={120} />
      <Title order={1}>This page is not on our menu</Title>
      <Text>The page you asked for does not exist or has moved.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
