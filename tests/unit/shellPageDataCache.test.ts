import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/domain/apiErrors';
import { createPageDataCache, type Page } from '../../src/shell/pageDataCache';

const gallery: Page = { pageName: 'Gallery', title: 'Gallery', rows: [] };
const notFound: ApiResult<Page> = { ok: false, aborted: false, error: { status: 404, message: 'Route does not exist', validationErrors: [] } };

describe('the page data cache', () => {
  it('fetches a page once, whatever the case of its name, and shares the request between concurrent callers', async () => {
    const asked: string[] = [];
    const cache = createPageDataCache(async (pageName) => {
      asked.push(pageName);
      return { ok: true, data: gallery };
    });
    expect(cache.held('Gallery')).toBeUndefined();
    const [first, second] = await Promise.all([cache.request('Gallery'), cache.request('gallery')]);
    expect(first).toEqual({ ok: true, data: gallery });
    expect(second).toEqual(first);
    expect(await cache.request('GALLERY')).toEqual({ ok: true, data: gallery });
    expect(cache.held('gallery')).toBe(gallery);
    expect(asked).toEqual(['Gallery']);
  });

  it('does not hold a failure, so that the next request asks again', async () => {
    const answers: ApiResult<Page>[] = [notFound, { ok: true, data: gallery }];
    let fetches = 0;
    const cache = createPageDataCache(async () => answers[fetches++]);
    expect(await cache.request('Gallery')).toEqual(notFound);
    expect(cache.held('Gallery')).toBeUndefined();
    expect(await cache.request('Gallery')).toEqual({ ok: true, data: gallery });
    expect(fetches).toBe(2);
  });

  it('keeps each page apart', async () => {
    const cache = createPageDataCache(async (pageName) => ({ ok: true, data: { ...gallery, pageName, title: pageName } }));
    await cache.request('privacy');
    await cache.request('terms');
    expect(cache.held('privacy')?.title).toBe('privacy');
    expect(cache.held('terms')?.title).toBe('terms');
    expect(cache.held('cookies')).toBeUndefined();
  });
});
