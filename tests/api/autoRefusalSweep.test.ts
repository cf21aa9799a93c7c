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

// An order confirmed whose browser never asked for its acceptance (closed between the two calls) reaches the kitchen
// all the same: the sweep makes its request once the browser has had 30 seconds to.
describe('the sweep and an order confirmed without its acceptance request', () => {
  const confirmedAt = new Date('2026-11-24T18:00:00Z');
  const dayBefore = new Date(confirmedAt.getTime() - 25 * 60 * 60 * 1000);
  let now = confirmedAt;
  let injected: InjectedApp;
  let repositories: Repositories;

  beforeAll(async () => {
    injected = await buildInjectedApp({
      clock: () => now,
      async beforeBuild(seeded) {
        for (const [basketId, at] of [
          ['forgotten', confirmedAt],
          ['requested', confirmedAt],
          ['long ago', dayBefore],
        ] as const) {
          await seeded.orders.createBasket({ basketId, orderBuilderRef: `ref ${basketId}`, menuVersion: 1, now: at.toISOString() });
          await seeded.orders.confirmBasket(basketId, () => undefined, `order ${basketId}`, at.toISOString());
        }
        await requestAcceptance(seeded, 'requested', () => ({ updateTime: '2026-11-24T18:20:00.000Z', answerFrom: confirmedAt.toISOString() }), confirmedAt.toISOString(), 'customer');
        vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      },
    });
    ({ repositories } = injected);
  });

  afterAll(async () => {
    vi.useRealTimers();
    await injected.app.close();
    await injected.database.close();
    rmSync(injected.dataDir, { recursive: true, force: true });
  });

  it('leaves the browser its 30 seconds, then makes the request as the system; an order of the day before is left alone', async () => {
    now = new Date(confirmedAt.getTime() + 20_000);
    vi.advanceTimersByTime(15_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await repositories.acceptance.find({ basketId: 'forgotten' })).toBeUndefined();

    now = new Date(confirmedAt.getTime() + 31_000);
    vi.advanceTimersByTime(15_000);
    await vi.waitFor(async () => expect(await repositories.acceptance.find({ basketId: 'forgotten' })).toMatchObject({ status: 0 }));
    expect(await repositories.acceptance.history({ basketId: 'forgotten' })).toEqual([expect.objectContaining({ actor: 'system', change: 'acceptanceStatus', to_value: 'Requested' })]);
    // The kitchen's list has it among the orders waiting for an answer.
    expect((await repositories.acceptance.listForKitchen(confirmedAt.toISOString())).map((order) => order.basketId)).toContain('forgotten');
    // The browser's own request is kept as it was.
    expect(await repositories.acceptance.history({ basketId: 'requested' })).toEqual([expect.objectContaining({ actor: 'customer' })]);
    expect(await repositories.acceptance.find({ basketId: 'long ago' })).toBeUndefined();
  });
});
