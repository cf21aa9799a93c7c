import { normalisePath } from '../domain/paths';

const TAKE_AWAY_PATHS = new Set(
  ['/order', '/basket', '/contact', '/delivery', '/orderTime', '/checkout', '/payment', '/paymentIssue', '/confirmation'].map(normalisePath),
);

const ACCOUNT_PATHS = new Set(
  ['/login', '/register', '/forgotpassword', '/account', '/updateProfile', '/addAddress', '/viewOrder', '/vouchers'].map(normalisePath),
);

/** SPEC §2 navigation highlighting: the Take Away item covers the whole order journey. */
export function isTakeAwayHighlighted(pathname: string): boolean {
  return TAKE_AWAY_PATHS.has(normalisePath(pathname));
}

export function isAccountHighlighted(pathname: string): boolean {
  return ACCOUNT_PATHS.has(normalisePath(pathname));
}

/** The plain navigation items (Restaurant, Gallery, Booking, Dine at home, footer links) are current only on their own path. */
export function isCurrentPath(pathname: string, itemPath: string): boolean {
  return normalisePath(pathname) === normalisePath(itemPath);
}
