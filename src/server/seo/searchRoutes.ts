import { normalisePath } from '../../domain/paths';

/**
 * SPEC §2's public routes that a search should lead to: what the restaurant offers, not a step of ordering, signing
 * in or recovering from a problem. Each is in the sitemap with the restaurant's pages from the database.
 */
export const SEARCHABLE_PATHS: readonly string[] = [
  '/', '/restaurant', '/order', '/gallery', '/booking', '/dine-at-home', '/apps', '/about-us', '/privacy', '/cookies', '/terms',
];

/** Another path to a searchable page, whose canonical URL is that page's. */
const SAME_PAGE_AS: Readonly<Record<string, string>> = { '/home': '/' };

/**
 * What robots.txt asks crawlers to leave alone, as prefixes in the spelling the app links to (robots.txt matches
 * case-sensitively; routes match in any case, so a spelling the app never writes is not worth listing): the API,
 * the staff's dashboard and the owner's back office, the account pages and the sign-in steps, and the order journey after the menu.
 */
export const PRIVATE_PATH_PREFIXES: readonly string[] = [
  '/api/',
  '/kitchen',
  '/manage',
  '/account',
  '/updateProfile',
  '/addAddress',
  '/createAccount',
  '/viewOrder',
  '/vouchers',
  '/login',
  '/register',
  '/confirmAccount',
  '/forgotpassword',
  '/forgotPassword',
  '/basket',
  '/contact',
  '/delivery',
  '/orderTime',
  '/checkout',
  '/payment',
  '/restaurant-confirmation',
  '/order-cancelled',
  '/order-cancel-error',
  '/confirmation',
  '/track',
  '/fix-issue',
  '/updateRequired',
  '/sorry',
];

const SEARCHABLE_PATH_SET = new Set(SEARCHABLE_PATHS);

/** A restaurant's page is served at its name, in any case (src/routes/$page.tsx); this is the spelling linked to. */
export function contentPagePath(pageName: string): string {
  return `/${pageName.toLowerCase()}`;
}

function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH_PREFIXES.some((prefix) => pathname.toLowerCase().startsWith(prefix.toLowerCase()));
}

/**
 * The path a search engine should know the page at `pathname` by, or undefined when it should not list the page:
 * a private page, or a path that is neither a searchable route nor one of the restaurant's pages (the splash).
 */
export function canonicalPath(pathname: string, isRestaurantPage: boolean): string | undefined {
  const path = normalisePath(pathname);
  if (isPrivatePath(path)) return undefined;
  const searchable = SAME_PAGE_AS[path] ?? path;
  return SEARCHABLE_PATH_SET.has(searchable) || isRestaurantPage ? searchable : undefined;
}
