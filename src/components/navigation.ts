import { isCurrentPath, isTakeAwayHighlighted } from '../shell/highlighting';

export interface NavigationItem {
  label: string;
  to: '/restaurant' | '/gallery' | '/booking' | '/order' | '/dine-at-home';
  isHighlighted(pathname: string): boolean;
}

/** SPEC §1's top navigation, in its order; Take Away stays highlighted through the whole order journey. */
export const TOP_NAVIGATION: readonly NavigationItem[] = [
  { label: 'Restaurant', to: '/restaurant', isHighlighted: (pathname) => isCurrentPath(pathname, '/restaurant') },
  { label: 'Gallery', to: '/gallery', isHighlighted: (pathname) => isCurrentPath(pathname, '/gallery') },
  { label: 'Booking', to: '/booking', isHighlighted: (pathname) => isCurrentPath(pathname, '/booking') },
  { label: 'Take Away', to: '/order', isHighlighted: isTakeAwayHighlighted },
  { label: 'Dine at home', to: '/dine-at-home', isHighlighted: (pathname) => isCurrentPath(pathname, '/dine-at-home') },
];

export const FOOTER_LINKS = [
  { label: 'Privacy', to: '/privacy' },
  { label: 'Terms', to: '/terms' },
  { label: 'Cookies', to: '/cookies' },
  { label: 'About Us', to: '/about-us' },
] as const;
