import { Anchor, Group, Stack } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { MANAGE_SECTIONS } from './manageSections';

/** The back office's frame: its sections' links above the page, for a laptop or a tablet on the counter. */
export function ManageLayout() {
  return (
    <Stack gap="md" py="md">
      <nav aria-label="Back office">
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to="/manage" activeOptions={{ exact: true }} fw={700} py="xs" px="sm">
            Overview
          </Anchor>
          {MANAGE_SECTIONS.map((section) => (
            <Anchor key={section.to} component={Link} to={section.to} fw={700} py="xs" px="sm">
              {section.label}
            </Anchor>
          ))}
          <Anchor component={Link} to="/kitchen" fw={700} py="xs" px="sm">
            Kitchen
          </Anchor>
        </Group>
      </nav>
      <Outlet />
    </Stack>
  );
}
