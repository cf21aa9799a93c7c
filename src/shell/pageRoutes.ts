import { PAGE_NAMES } from '../domain/pageContent';
import { normalisePath } from '../domain/paths';

export { PAGE_NAMES };

/** The page a start at `pathname` will show, so that it can be asked for beside the core data. */
export function pageNameAt(pathname: string): string | undefined {
  return (PAGE_NAMES as Record<string, string>)[normalisePath(pathname)];
}
