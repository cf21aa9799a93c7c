import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrations/migrationList';
import { databaseReadiness } from '../../src/server/db/readiness';
import type { DatabaseSchema } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/main';
import { healthRoutes } from '../../src/server/plugins/health';
import { freePort } from './freePort';

const newestMigration = Object.keys(migrations).at(-1)!;

describe('the health endpoints of the running server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-health-'));
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(
      {
        port: 0,
        dataDir,
        siteRoot: join(dataDir, 'no-site'),
        logLevel: 'silent',
        identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
        payPal: { mode: 'local', fakePort: 0, fakeUrl: undefined },
      },
      {},
    );
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /healthz: alive, without the API identification headers, never cached', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz: ready once the database answers with every migration applied, never cached', async () => {
    const response = await fetch(`${server.url}/readyz`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz: 503 naming the migration when the database lacks the newest one, ready again once it is there', async () => {
    const sqlite = new SqliteDatabase(join(dataDir, 'takeaway.sqlite'));
    try {
      const applied = sqlite.prepare('select name, timestamp from kysely_migration where name = ?').get(newestMigration);
      expect(applied).toBeDefined();
      sqlite.prepare('delete from kysely_migration where name = ?').run(newestMigration);

      const notReady = await fetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get('cache-control')).toBe('no-store');
      expect(await notReady.json()).toEqual({ status: 'unavailable', reason: `migrations not applied: ${newestMigration}` });

      sqlite.prepare('insert into kysely_migration (name, timestamp) values (@name, @timestamp)').run(applied);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      sqlite.close();
    }
  });

  it('GET /readyz: 503 when the database holds a migration this server does not know (a newer server migrated it)', async () => {
    const sqlite = new SqliteDatabase(join(dataDir, 'takeaway.sqlite'));
    try {
      sqlite.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-a-newer-server', new Date().toISOString());
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', reason: 'migrations this server does not know: 9999-from-a-newer-server' });
    } finally {
      sqlite.prepare('delete from kysely_migration where name = ?').run('9999-from-a-newer-server');
      sqlite.close();
    }
  });
});

describe('GET /readyz with a PostgreSQL server that does not answer', () => {
  it('is 503 saying the database does not answer, naming neither its host nor its credentials', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ connectionString: `postgres://takeaway:secret-password@127.0.0.1:${port}/takeaway` });
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    const app = Fastify();
    await app.register(healthRoutes, { readiness: databaseReadiness(db) });
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'the database does not answer' });
      expect(response.body).not.toContain(String(port));
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('is 503 when the database takes longer than the probe allows', async () => {
    // Takes the connection and never says a word, as a database host that has stopped answering does.
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolveListening) => silent.listen(0, '127.0.0.1', resolveListening));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const db = new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: `postgres://takeaway@127.0.0.1:${port}/takeaway` }) }),
    });
    try {
      expect(await databaseReadiness(db, 200)()).toEqual({ ready: false, reason: 'the database did not answer within 200 ms' });
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
      await db.destroy().catch(() => undefined);
    }
  });
});
