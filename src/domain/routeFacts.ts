/**
 * What a route says about its page, declared once in its route file's `staticData` (docs/routes.md): the browser reads it
 * from the matched route, the server from the manifest `npm run gen:routes` writes from the same declarations
 * (src/server/routeManifest.gen.ts). Plain data only, so that the generator can read it without running the route file.
 */
export interface PageFacts {
  /** The document title's suffix after the trading name (SPEC §2's title table); null: the trading name alone. */
  title: string | null;
  /**
   * The navigation link shown as current here (SPEC §2's highlighting): the link to this very path (`self`), Take Away
   * for the whole order journey, the account icon for the account pages, or none.
   */
  navigation: 'self' | 'takeAway' | 'account' | null;
  /**
   * SPEC §2's start rule, for the first route the app opens: `public` starts here; `restored` starts here too because
   * its state comes back from the device (a basket, a session, an order) and its own guard decides; `home` goes through `/`.
   */
  start: 'public' | 'restored' | 'home';
  /** The server draws the page from the start data alone and the browser hydrates it (docs/first-paint.md). */
  firstPaint: boolean;
  /**
   * What search engines are told: `listed` in the sitemap with itself as canonical URL; `private` kept out by robots.txt
   * and `noindex`; `restaurantPage` listed when the restaurant has a page there (the sitemap lists those from the
   * database), else `noindex`; `{ sameAs }` another path to a listed page, whose canonical URL is that page's.
   */
  sitemap: 'listed' | 'private' | 'restaurantPage' | { sameAs: string };
  /**
   * The page's description for search results and shared links, in the restaurant's words: `{name}`, `{tagline}`,
   * `{place}`, `{town}`, `{fullAddress}`, `{phone}`, `{toOrder}`, and `:lower` after a name for lower case. Without one
   * the page's first paragraph, else a sentence about the restaurant, is used.
   */
  description?: string;
  /** The schema.org JSON-LD the served page carries: the `Restaurant` (its address, phone, hours), or the `Menu` of available dishes. */
  structuredData?: 'restaurant' | 'menu';
  /** Another spelling of the path that links use (SPEC's `/forgotPassword`), which robots.txt matches case-sensitively. */
  spelledAlso?: string;
}

/** What a route's `description` may name of the restaurant's data. */
export const DESCRIPTION_NAMES = ['name', 'tagline', 'place', 'town', 'fullAddress', 'phone', 'toOrder'] as const;
export type DescriptionName = (typeof DESCRIPTION_NAMES)[number];

/** A route that only frames its children (the root, a pathless layout, a section's layout): its children carry the facts. */
export type LayoutFacts = 'layout';

export type RouteFacts = PageFacts | LayoutFacts;

/** Between the restaurant's trading name and the page's suffix, for every document title. */
export const TITLE_SEPARATOR = ' | ';

/** Without a trading name (core data failed to load) the suffix stands alone. */
export function documentTitle(suffix: string | null | undefined, restaurantName: string | undefined): string {
  if (!restaurantName) return suffix ?? '';
  return suffix ? `${restaurantName}${TITLE_SEPARATOR}${suffix}` : restaurantName;
}

/** The facts of the page the deepest matched route shows; undefined on a layout alone (a path no route has: the splash). */
export function pageFactsOf(matches: readonly { staticData: { facts?: RouteFacts } }[]): PageFacts | undefined {
  const facts = matches.at(-1)?.staticData.facts;
  return facts === undefined || facts === 'layout' ? undefined : facts;
}

export const DEFAULT_RETURN_PATH = '/home';

/**
 * SPEC §2: where the app's first route goes once the restaurant's settings have loaded. The bare origin goes home; a
 * route whose facts say `home` goes through `/`; every other start is kept: a public page, a page whose state the
 * device restores, and a path no fixed route has (`start` undefined), which reaches the restaurant's page or the splash.
 */
export function returnPathAfterSettingsLoad(requestedPath: string, start: PageFacts['start'] | undefined): string {
  if (requestedPath === '') return DEFAULT_RETURN_PATH;
  return start === 'home' ? '/' : requestedPath;
}
