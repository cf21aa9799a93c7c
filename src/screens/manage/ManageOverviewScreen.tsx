import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MANAGE_SECTIONS } from './manageSections';

/** `/manage`: what the owner can change, one card a section. */
export function ManageOverviewScreen() {
  return (
    <Stack gap="md">
      <Title order={1}>Back office</Title>
      <Text>Change what the restaurant sells and when, without a developer. Changes reach customers as soon as they are saved.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {MANAGE_SECTIONS.map((section) => (
          <li key={section.to}>
            <Stack gap={4}>
              <Anchor component={Link} to={section.to} size="lg" fw={700}>
                {section.label}
              </Anchor>
              <Text size="sm">{section.purpose}</Text>
            </Stack>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
