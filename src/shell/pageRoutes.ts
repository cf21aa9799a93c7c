import { normalisePath } from '../domain/paths';

/** The routes that show one of the restaurant's pages, by the page's name in `GET /pagedata/page/{page}`. */
export const PAGE_NAMES = {
  '/gallery': 'Gallery',
  '/privacy': 'privacy',
  '/cookies': 'cookies',
  '/terms': 'terms',
  '/about-us': 'about-us',
} as const;

/** The page a start at `pathname` will show, so that it can be asked for beside the core data. */
export function pageNameAt(pathname: string): string | undefined {
  return (PAGE_NAMES as Record<string, string>)[normalisePath(pathname)];
}
