import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Button, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** SPEC §9: the icon on a card's button. */
export const CALL_TO_ACTION_ICON_SIZE = 20;

/**
 * A button that goes where the restaurant's page data says: a site path through the router, an https address in
 * a new tab (told to screen readers, and without giving that tab a handle on this one), and a `tel:` or `mailto:`
 * link as it is, in the same tab, so that the phone or mail app opens. Any other scheme is not linked at all.
 */
export function CallToAction({ link, text, icon }: { link: string; text: string; icon?: ReactNode }) {
  if (link.startsWith('/')) {
    return (
      <Button component={Link} to={link as LinkProps['to']} leftSection={icon} w="fit-content">
        {text}
      </Button>
    );
  }
  if (link.startsWith('https://')) {
    return (
      <Button
        component="a"
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={icon}
        rightSection={<IconExternalLink size={16} aria-hidden="true" />}
        w="fit-content"
      >
        {text}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Button>
    );
  }
  if (!/^(tel|mailto):/.test(link)) return null;
  return (
    <Button component="a" href={link} leftSection={icon} w="fit-content">
      {text}
    </Button>
  );
}
