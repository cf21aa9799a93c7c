import type { LinkProps } from '@tanstack/react-router';
import type { HighlightedLink } from '../shell/highlighting';

export interface NavigationItem extends HighlightedLink {
  label: string;
  to: NonNullable<LinkProps['to']>;
}

/** SPEC §1's top navigation, in its order; Take Away stands for the whole order journey (the routes' `navigation` facts). */
export const TOP_NAVIGATION: readonly NavigationItem[] = [
  { label: 'Restaurant', to: '/restaurant' },
  { label: 'Gallery', to: '/gallery' },
  { label: 'Booking', to: '/booking' },
  { label: 'Take Away', to: '/order', section: 'takeAway' },
  { label: 'Dine at home', to: '/dine-at-home' },
];

/** The account icon stands for the account pages and the sign-in steps. */
export const ACCOUNT_LINK_SECTION = { section: 'account' } as const;

export const FOOTER_LINKS = [
  { label: 'Privacy', to: '/privacy' },
  { label: 'Terms', to: '/terms' },
  { label: 'Cookies', to: '/cookies' },
  { label: 'About Us', to: '/about-us' },
] as const;
