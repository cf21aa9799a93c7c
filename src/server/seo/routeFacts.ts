import { normalisePath } from '../../domain/paths';
import { documentTitle, type PageFacts } from '../../domain/routeFacts';
import { ROUTE_MANIFEST } from '../routeManifest.gen';

interface ManifestRoute {
  /** As the route file writes it, which is the spelling the app links to (`/orderTime`). */
  path: string;
  segments: readonly string[];
  facts: PageFacts;
}

const ROUTES: readonly ManifestRoute[] = Object.entries(ROUTE_MANIFEST).map(([path, facts]) => ({
  path,
  segments: path.split('/').filter((segment) => segment !== ''),
  facts,
}));

function isParam(segment: string): boolean {
  return segment.startsWith('$');
}

/** How firmly a route's fixed segments pin a path: a fixed route beats `/$page` as the router's ranking has it. */
function fixedSegments(route: ManifestRoute): number {
  return route.segments.filter((segment) => !isParam(segment)).length;
}

/**
 * The facts of the route that serves `pathname`, as the router matches it: in any case, with or without a trailing
 * slash, a `$param` segment taking any one segment and a fixed segment preferred to it. Undefined where no route serves
 * the path (the browser shows the splash).
 */
export function factsAt(pathname: string): PageFacts | undefined {
  const segments = normalisePath(pathname).split('/').filter((segment) => segment !== '');
  const matching = ROUTES.filter(
    (route) => route.segments.length === segments.length && route.segments.every((segment, index) => isParam(segment) || segment.toLowerCase() === segments[index]),
  );
  return matching.sort((first, second) => fixedSegments(second) - fixedSegments(first))[0]?.facts;
}

/** The document title the app sets at `pathname` (the matched route's title after the trading name), for the served HTML. */
export function titleAt(pathname: string, restaurantName: string | undefined): string {
  return documentTitle(factsAt(pathname)?.title, restaurantName);
}

/**
 * What robots.txt asks crawlers to leave alone: the API, and each private route in the spelling the app links to
 * (robots.txt matches case-sensitively; routes match in any case, so a spelling the app never writes is not worth
 * listing), cut before its first parameter, and left out where a shorter one already covers it (`/kitchen/bookings`).
 */
export const PRIVATE_PATH_PREFIXES: readonly string[] = privatePathPrefixes();

function privatePathPrefixes(): string[] {
  const prefixes = ROUTES.filter((route) => route.facts.sitemap === 'private').flatMap((route) => {
    const fixed = route.segments.slice(0, route.segments.findIndex(isParam) === -1 ? undefined : route.segments.findIndex(isParam));
    return [`/${fixed.join('/')}`, ...(route.facts.spelledAlso ? [route.facts.spelledAlso] : [])];
  });
  const sorted = [...new Set(['/api/', ...prefixes])].sort();
  return sorted.filter((prefix) => !sorted.some((shorter) => shorter !== prefix && prefix.startsWith(shorter)));
}

/** The routes the sitemap lists, each at its own path; the restaurant's pages come from the database. */
export function listedPaths(): string[] {
  return ROUTES.filter((route) => route.facts.sitemap === 'listed').map((route) => route.path);
}

/** A restaurant's page is served at its name, in any case (src/routes/$page.tsx); this is the spelling linked to. */
export function contentPagePath(pageName: string): string {
  return `/${pageName.toLowerCase()}`;
}

/**
 * The path a search engine should know the page at `pathname` by, or undefined when it should not list the page:
 * a private page, or a path that is neither a listed route nor one of the restaurant's pages (the splash).
 */
export function canonicalPath(pathname: string, isRestaurantPage: boolean): string | undefined {
  const path = normalisePath(pathname);
  const sitemap = factsAt(path)?.sitemap;
  if (sitemap === 'private') return undefined;
  if (sitemap === 'listed') return path;
  if (typeof sitemap === 'object') return sitemap.sameAs;
  // A page of the restaurant's named like a private route's start (`/accounts`) stays out, as robots.txt keeps it.
  const isPrivate = PRIVATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix.toLowerCase()));
  return isRestaurantPage && !isPrivate ? path : undefined;
}

/**
 * The one-segment addresses the site's own routes take (`order`, `checkout`, `manage`, `kitchen`, `forgotpassword`),
 * lower-cased: a restaurant's page at /{page} named so would be hidden behind the route, and its photo preloaded there.
 */
export const FIXED_ROUTE_NAMES: ReadonlySet<string> = new Set([
  ...ROUTES.flatMap((route) => [route.segments, ...(route.facts.spelledAlso ? [route.facts.spelledAlso.split('/').filter((segment) => segment !== '')] : [])]).flatMap(
    (segments) => (segments[0] === undefined || isParam(segments[0]) ? [] : [segments[0].toLowerCase()]),
  ),
  // The server's own addresses, answered before any page: the API, the photos, the build's files and the health checks.
  'api',
  'media',
  'assets',
  'healthz',
  'readyz',
]);
