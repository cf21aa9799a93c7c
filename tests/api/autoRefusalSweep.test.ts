import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateToLatest, openDatabase, seedDemoData, type AppDatabase } from '../../src/server/db/database';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { createIdTokenVerifier } from '../../src/server/identity/verify';
import { createPayPalClient } from '../../src/server/payments/payPalClient';

// The sweep refuses timed-out requests with nobody reading them, every 15 seconds of the app's life.
describe('the automatic refusal sweep', () => {
  const requestedAt = new Date('2026-11-24T18:00:00Z');
  let now = requestedAt;
  let dataDir: string;
  let database: AppDatabase;
  let repositories: Repositories;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'auto-refusal-'));
    database = await openDatabase({ sqliteFile: join(dataDir, 'takeaway.sqlite') });
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db);
    await repositories.orders.createBasket({ basketId: 'basket', orderBuilderRef: 'ref', menuVersion: 1, now: requestedAt.toISOString() });
    await repositories.orders.confirmBasket('basket', () => undefined, 'order', requestedAt.toISOString());
    await repositories.acceptance.requestAcceptance('basket', () => '2026-11-24T18:20:00.000Z', requestedAt.toISOString(), 'customer');

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    app = await buildApp({
      config: { ...loadConfig({}), dataDir, siteRoot: join(dataDir, 'no-site'), logLevel: 'silent' },
      repositories,
      verifyIdToken: createIdTokenVerifier({ mode: 'local', issuer: 'http://127.0.0.1:9/unused', clientId: 'unused' }),
      browserIdentity: { userPoolId: 'local_test', userPoolClientId: 'unused', region: 'eu-west-2', endpoint: '/identity' },
      payPal: {
        client: createPayPalClient({ baseUrl: 'http://127.0.0.1:9/unused', clientId: 'unused', clientSecret: 'unused' }),
        browser: { clientId: 'unused', environment: 'sandbox' },
      },
      clock: () => now,
    });
    await app.ready();
  });

  afterAll(async () => {
    vi.useRealTimers();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
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
