import type { components } from '../api/schema.gen';
import type { ApiResult } from '../domain/apiErrors';

export type Page = components['schemas']['Page'];

/**
 * The restaurant's pages (gallery, privacy, about us…), each fetched only when not held (SPEC §2, §7). Names match
 * case-insensitively as the API does; concurrent callers share one request; a failure is not held, so that
 * the next visit or a retry asks again.
 */
export interface PageDataCache {
  held(pageName: string): Page | undefined;
  request(pageName: string): Promise<ApiResult<Page>>;
}

/** `startWith` holds pages the site's HTML brought (src/domain/bootData.ts), by lower-cased name. */
export function createPageDataCache(fetchPage: (pageName: string) => Promise<ApiResult<Page>>, startWith: Record<string, Page> = {}): PageDataCache {
  const held = new Map<string, Page>(Object.entries(startWith).map(([pageName, page]) => [pageName.toLowerCase(), page]));
  const inFlight = new Map<string, Promise<ApiResult<Page>>>();
  return {
    held: (pageName) => held.get(pageName.toLowerCase()),
    request(pageName) {
      const key = pageName.toLowerCase();
      const page = held.get(key);
      if (page) return Promise.resolve({ ok: true, data: page });
      let request = inFlight.get(key);
      if (!request) {
        request = fetchPage(pageName).then((result) => {
          inFlight.delete(key);
          if (result.ok) held.set(key, result.data);
          return result;
        });
        inFlight.set(key, request);
      }
      return request;
    },
  };
}
