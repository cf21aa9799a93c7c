import { normalisePath } from '../domain/paths';
import type { PageFacts } from '../domain/routeFacts';

/** A navigation link as highlighting sees it: its path, and the section of routes it stands for (Take Away, the account icon), if any. */
export interface HighlightedLink {
  to: string;
  section?: 'takeAway' | 'account';
}

/**
 * SPEC §2 navigation highlighting, from the matched route's `navigation` fact: a section's link is current on every
 * route of that section (Take Away through the whole order journey); a plain link only on its own route, which says `self`.
 */
export function isNavigationCurrent(link: HighlightedLink, facts: PageFacts | undefined, pathname: string): boolean {
  if (link.section !== undefined) return facts?.navigation === link.section;
  return facts?.navigation === 'self' && isCurrentPath(pathname, link.to);
}

/** A plain link (a footer link) is current only on its own path. */
export function isCurrentPath(pathname: string, itemPath: string): boolean {
  return normalisePath(pathname) === normalisePath(itemPath);
}
