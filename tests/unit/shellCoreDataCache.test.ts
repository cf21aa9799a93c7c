import { describe, expect, it } from 'vitest';
import { createCoreDataCache } from '../../src/shell/coreDataCache';

describe('the core data cache', () => {
  it('fetches once, shares the request between concurrent callers and then answers from memory', async () => {
    let fetches = 0;
    const cache = createCoreDataCache(async () => {
      fetches += 1;
      return { name: 'Golden Dragon' };
    });
    expect(cache.current()).toBeUndefined();
    const [first, second] = await Promise.all([cache.load(), cache.load()]);
    expect(first).toBe(second);
    expect(await cache.load()).toBe(first);
    expect(cache.current()).toEqual({ name: 'Golden Dragon' });
    expect(fetches).toBe(1);
  });

  it('forgets a failure so that the next load tries again', async () => {
    const answers = [Promise.reject(new Error('offline')), Promise.resolve({ name: 'Golden Dragon' })];
    answers[0].catch(() => undefined);
    let fetches = 0;
    const cache = createCoreDataCache(() => answers[fetches++]);
    await expect(cache.load()).rejects.toThrow('offline');
    expect(cache.current()).toBeUndefined();
    expect(await cache.load()).toEqual({ name: 'Golden Dragon' });
    expect(fetches).toBe(2);
  });
});
