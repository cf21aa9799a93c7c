import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageMain } from '../../components/SiteLayout';

/** A signed-in customer who finds the kitchen's address (the server refuses them too, 403): the staff layout has no navigation, so a way back. */
export function StaffOnlyScreen() {
  return (
    <PageMain>
      <Stack gap="md" py="md">
        <Title order={1}>Kitchen</Title>
        <Text size="lg">This page is for the restaurant&apos;s staff only.</Text>
        <Anchor component={Link} to="/" size="lg">
          Go to the home page
        </Anchor>
      </Stack>
    </PageMain>
  );
}
