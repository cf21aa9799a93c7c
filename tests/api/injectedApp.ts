import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Clock } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { migrateToLatest, openDatabase, seedDemoData, type AppDatabase } from '../../src/server/db/database';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { createIdTokenVerifier } from '../../src/server/identity/verify';
import type { LogOutput } from '../../src/server/logging';
import { createPayPalClient } from '../../src/server/payments/payPalClient';
import type { IdTokenVerifier } from '../../src/server/plugins/bearerAuth';

/** The app alone, answering `inject` without a socket, on a fresh SQLite database with the demo data. */
export interface InjectedApp {
  app: FastifyInstance;
  database: AppDatabase;
  repositories: Repositories;
  dataDir: string;
  /** Closes the app and the database, and removes the data. */
  close(): Promise<void>;
}

export interface InjectedAppOptions {
  config?: Partial<ServerConfig>;
  /** By default a verifier whose identity service cannot be reached: every bearer is refused. */
  verifyIdToken?: IdTokenVerifier;
  clock?: Clock;
  logOutput?: LogOutput;
  /** Runs on the seeded database before the app is built (and its sweep started). */
  beforeBuild?: (repositories: Repositories) => Promise<void> | void;
}

/** Nothing listens here: the identity service and PayPal are never reached by these tests. */
const UNREACHABLE = 'http://127.0.0.1:9/unused';

export async function buildInjectedApp({ config = {}, verifyIdToken, clock, logOutput, beforeBuild }: InjectedAppOptions = {}): Promise<InjectedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-inject-'));
  const database = await openDatabase({ sqliteFile: join(dataDir, 'takeaway.sqlite') });
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  const repositories = createRepositories(database.db);
  await beforeBuild?.(repositories);
  const app = await buildApp({
    config: { ...loadConfig({}), dataDir, siteRoot: join(dataDir, 'no-site-here'), logLevel: 'silent', ...config },
    repositories,
    verifyIdToken: verifyIdToken ?? createIdTokenVerifier({ mode: 'local', issuer: UNREACHABLE, clientId: 'unused' }),
    browserIdentity: { userPoolId: 'local_test', userPoolClientId: 'unused', region: 'eu-west-2', endpoint: '/identity' },
    payPal: {
      client: createPayPalClient({ baseUrl: UNREACHABLE, clientId: 'unused', clientSecret: 'unused' }),
      browser: { clientId: 'unused', environment: 'sandbox' },
    },
    ...(clock === undefined ? {} : { clock }),
    ...(logOutput === undefined ? {} : { logOutput }),
  });
  await app.ready();
  return {
    app,
    database,
    repositories,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
