import { Anchor, Group, Stack } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { MANAGE_SECTIONS } from './manageSections';

/** The section open now, underlined like a tab, so that the owner sees where they are without reading the heading. */
const OPEN_SECTION = { style: { textDecoration: 'underline', textDecorationThickness: 3, textUnderlineOffset: 8 } };

/** The back office's frame: its sections' links above the page, for a laptop or a tablet on the counter. */
export function ManageLayout() {
  return (
    <Stack gap="md" py="md">
      <nav aria-label="Back office">
        <Group gap={4} wrap="wrap">
          <Anchor component={Link} to="/manage" activeOptions={{ exact: true }} activeProps={OPEN_SECTION} fw={700} fz="sm" py="xs" px="xs">
            Overview
          </Anchor>
          {MANAGE_SECTIONS.map((section) => (
            <Anchor key={section.to} component={Link} to={section.to} activeProps={OPEN_SECTION} fw={700} fz="sm" py="xs" px="xs">
              {section.label}
            </Anchor>
          ))}
          <Anchor component={Link} to="/kitchen" fw={700} fz="sm" py="xs" px="xs">
            Kitchen
          </Anchor>
        </Group>
      </nav>
      <Outlet />
    </Stack>
  );
}
