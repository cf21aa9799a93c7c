import { normalisePath } from '../domain/paths';

/** SPEC §2: the paths from which the app may start without first going through `/`. '' is the bare origin. */
export const PUBLIC_PATHS: readonly string[] = [
  '', '/', '/home', '/order', '/booking', '/contact', '/track', '/restaurant', '/updateRequired', '/fix-issue',
  '/privacy', '/cookies', '/terms', '/about-us', '/apps', '/dine-at-home', '/login', '/register', '/gallery',
];

const PUBLIC_PATH_SET = new Set(PUBLIC_PATHS.map(normalisePath));

export const DEFAULT_RETURN_PATH = '/home';

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATH_SET.has(normalisePath(pathname));
}

/**
 * The account pages (SPEC §2's guarded routes) and the identity steps that lead to them. Their state is the session
 * the identity service keeps in the browser, which the account routes' guard waits to be restored, or what the
 * customer types there (the email on /confirmAccount, the code on /forgotpassword), so a reload stays on them.
 */
const ACCOUNT_PATH_SET = new Set(
  ['/account', '/accountQR', '/updateProfile', '/addAddress', '/createAccount', '/viewOrder', '/vouchers', '/confirmAccount', '/forgotpassword'].map(normalisePath),
);

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATH_SET.has(normalisePath(pathname));
}

/**
 * Where the user lands once restaurant settings have loaded: the requested path when it is public;
 * `/` for the app's own routes that depend on state a fresh start does not have (basket, payment,
 * account, …). A path the app does not know is kept, so that it reaches the splash. A route whose state is
 * restored from the browser (`survivesReload`: the ordering steps, the kitchen, the account pages) is kept too, deliberately, route by route.
 */
export function returnPathAfterSettingsLoad(requestedPath: string, isAppRoute: boolean, survivesReload = false): string {
  if (requestedPath === '') return DEFAULT_RETURN_PATH;
  if (isPublicPath(requestedPath) || !isAppRoute || survivesReload) return requestedPath;
  return '/';
}
