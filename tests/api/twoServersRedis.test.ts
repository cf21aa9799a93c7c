import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../../src/server/randomIds';
import { abuseLimits } from '../../src/server/plugins/rateLimits';
import { killServerProcesses, startServerProcess, type ServerProcess } from './serverProcess';
import { redisUnavailable, startTestRedis, type TestRedis } from './testRedis';

// Two server processes, as `npm start` runs them behind one load balancer, naming one Redis (REDIS_URL): a client whose
// calls alternate between them spends one budget, not one on each (docs/abuse-limits.md). Each has a SQLite database of its
// own: the budget is counted before the handler, so what it shares here is Redis alone.

const CONFIRMATIONS_PER_BASKET = abuseLimits.confirmOrder.max;
const unavailable = redisUnavailable();

describe.skipIf(unavailable !== undefined)(`two servers sharing the abuse budgets in Redis${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  const dataDirs = [mkdtempSync(join(tmpdir(), 'shared-budgets-a-')), mkdtempSync(join(tmpdir(), 'shared-budgets-b-'))];
  let redis: TestRedis;
  let a: ServerProcess;
  let b: ServerProcess;
  /** One basket's confirmations, alternating A, B, A…: each answer's status. */
  const confirmAlternately = (basketId: string, count: number) =>
    Promise.all(Array.from({ length: count }, (_, index) => (index % 2 === 0 ? a : b).api('/orderbuilder/confirm', { basketId }))).then((answers) =>
      answers.map(({ status }) => status),
    );
  const warningsOf = (server: ServerProcess) => server.output().match(/does not answer: the abuse limits are not enforced/g)?.length ?? 0;

  beforeAll(async () => {
    redis = await startTestRedis();
    [a, b] = await Promise.all(dataDirs.map((dataDir) => startServerProcess(dataDir, { REDIS_URL: redis.url })));
  }, 60_000);

  afterAll(async () => {
    killServerProcesses();
    await redis?.stop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('says at start that the budgets are shared in Redis', () => {
    for (const server of [a, b]) expect(server.output()).toContain(`Abuse limits: shared in Redis at ${redis.url.replace(/\/$/, '')}`);
  });

  it('refuses a client alternating between the two at its one budget, not at twice it', async () => {
    // A basket neither database holds: the budget is spent before the handler looks for it, on whichever server.
    const basketId = randomId(16);
    const withinBudget = [];
    for (let sent = 0; sent < CONFIRMATIONS_PER_BASKET; sent += 2) withinBudget.push(...(await confirmAlternately(basketId, 2)));
    expect(withinBudget).toHaveLength(CONFIRMATIONS_PER_BASKET);
    expect(withinBudget).not.toContain(429);
    for (const server of [a, b]) {
      const refused = await server.api('/orderbuilder/confirm', { basketId });
      expect(refused.status).toBe(429);
      expect(refused.body.errorMessage).toBe('Too many requests: please wait a moment and try again');
    }
    // Another basket's budget is its own.
    expect(await confirmAlternately(randomId(16), 2)).not.toContain(429);
  });

  it('serves requests once Redis stops, without the budgets, and warns once, not once per request', async () => {
    const basketId = randomId(16);
    await confirmAlternately(basketId, CONFIRMATIONS_PER_BASKET);
    expect(await confirmAlternately(basketId, 2)).toEqual([429, 429]);
    await redis.stop();

    const afterStop = await confirmAlternately(basketId, 20);
    expect(afterStop.filter((status) => status === 429)).toEqual([]);
    expect(afterStop.filter((status) => status >= 500)).toEqual([]);
    for (const server of [a, b]) {
      expect((await server.api('/OrderBuilder/create')).status).toBe(200);
      expect((await server.api('/menu/getMenu/1')).status).toBe(200);
    }
    // Give the warnings time to reach the output, and each server's reconnection attempts time to fail again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const server of [a, b]) {
      expect(warningsOf(server)).toBe(1);
      expect(server.output()).toContain(`Redis at ${redis.url.replace(/\/$/, '')} does not answer`);
    }
  }, 30_000);

  it('counts the budgets again once Redis answers again, and says so', async () => {
    await redis.restart();
    // ioredis tries again within 2 s of each failure.
    for (const server of [a, b]) {
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('answers again: the abuse limits are enforced');
    }
    const basketId = randomId(16);
    expect(await confirmAlternately(basketId, CONFIRMATIONS_PER_BASKET)).not.toContain(429);
    expect(await confirmAlternately(basketId, 2)).toEqual([429, 429]);
  }, 30_000);
});
