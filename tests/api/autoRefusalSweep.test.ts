import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Repositories } from '../../src/server/db/repositories';
import { buildInjectedApp, type InjectedApp } from './injectedApp';
import { requestAcceptance } from '../../src/server/services/acceptance';

// The sweep refuses timed-out requests with nobody reading them, every 15 seconds of the app's life.
describe('the automatic refusal sweep', () => {
  const requestedAt = new Date('2026-11-24T18:00:00Z');
  let now = requestedAt;
  let injected: InjectedApp;
  let repositories: Repositories;
  let app: FastifyInstance;

  beforeAll(async () => {
    injected = await buildInjectedApp({
      clock: () => now,
      async beforeBuild(seeded) {
        await seeded.orders.createBasket({ basketId: 'basket', orderBuilderRef: 'ref', menuVersion: 1, now: requestedAt.toISOString() });
        await seeded.orders.confirmBasket('basket', () => undefined, 'order', requestedAt.toISOString());
        await requestAcceptance(seeded, 'basket', () => ({ updateTime: '2026-11-24T18:20:00.000Z', answerFrom: requestedAt.toISOString() }), requestedAt.toISOString(), 'customer');
        // The sweep's timer, started when the app is built, runs on the test's time.
        vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      },
    });
    ({ app, repositories } = injected);
  });

  afterAll(async () => {
    vi.useRealTimers();
    // The app is closed by the test itself.
    await injected.database.close();
    rmSync(injected.dataDir, { recursive: true, force: true });
  });

  it('refuses a request once it has timed out, at the next sweep, and stops when the app closes', async () => {
    expect(vi.getTimerCount()).toBe(1);
    now = new Date(requestedAt.getTime() + 599_000);
    vi.advanceTimersByTime(15_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await repositories.acceptance.find({ basketId: 'basket' })).toMatchObject({ status: 0 });

    now = new Date(requestedAt.getTime() + 600_000);
    vi.advanceTimersByTime(15_000);
    await vi.waitFor(async () => expect(await repositories.acceptance.find({ basketId: 'basket' })).toMatchObject({ status: 3 }));
    expect((await repositories.acceptance.history({ basketId: 'basket' })).at(-1)).toMatchObject({ actor: 'system' });

    await app.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
