import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, seedDemoData, type AppDatabase } from '../../src/server/db/database';
import { createRepositories } from '../../src/server/db/repositories';
import { acceptOrder } from '../../src/server/domain/acceptance';
import { AcceptanceStatus } from '../../src/domain/orderEnums';
import { databaseTargets, type EmptyDatabase } from './databaseTargets';
import { changeAcceptance, requestAcceptance } from '../../src/server/services/acceptance';

const sqlite = databaseTargets.find((target) => target.name === 'sqlite');
if (sqlite === undefined) throw new Error('the SQLite target is always present');

describe('the embedded SQLite database', () => {
  let empty: EmptyDatabase;
  let database: AppDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    await empty.drop();
  });

  it('creates its directory and opens in WAL mode with foreign keys on', async () => {
    empty = await sqlite.createEmpty();
    expect(existsSync(dirname(empty.location.sqliteFile))).toBe(false);

    database = await openDatabase(empty.location);
    expect(database.dialect).toBe('sqlite');
    expect(existsSync(empty.location.sqliteFile)).toBe(true);
    const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
    expect(journal[0].journal_mode).toBe('wal');
    const { rows: foreignKeys } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
    expect(foreignKeys[0].foreign_keys).toBe(1);
    const { rows: busyTimeout } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(database.db);
    expect(busyTimeout[0].timeout).toBeGreaterThan(0);
  });

  it('keeps its data when the server is closed and started again on the same file', async () => {
    empty = await sqlite.createEmpty();
    const first = await openDatabase(empty.location);
    await migrateToLatest(first.db);
    expect(await seedDemoData(first.db)).toEqual({ seeded: true });
    const menuBefore = await createRepositories(first.db).menus.getMenu(1);
    await first.close();

    database = await openDatabase(empty.location);
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await seedDemoData(database.db)).toEqual({ seeded: false });
    const repositories = createRepositories(database.db);
    expect((await repositories.restaurant.getCoreData())?.name).toBe('Golden Dragon');
    expect(await repositories.menus.getMenu(1)).toEqual(menuBefore);
    expect((await repositories.pages.getPage('gallery'))?.pageName).toBe('Gallery');
  });
});

describe('a confirmed order on the embedded SQLite database', () => {
  let empty: EmptyDatabase;
  let database: AppDatabase;
  const copies = mkdtempSync(join(tmpdir(), 'takeaway-durability-'));
  afterEach(async () => {
    await database.close();
    await empty.drop();
  });

  /** What a power cut would leave: the database file alone, without the write-ahead log the OS may not have written. */
  function inDatabaseFileAlone<Row>(query: string, basketId: string): Row | undefined {
    const copy = join(copies, `${basketId}-${Date.now()}.sqlite`);
    copyFileSync(empty.location.sqliteFile, copy);
    const reader = new SqliteDatabase(copy);
    try {
      return reader.prepare(query).get(basketId) as Row | undefined;
    } finally {
      reader.close();
      rmSync(copy, { force: true });
    }
  }
  const orderRefInDatabaseFileAlone = (basketId: string) =>
    inDatabaseFileAlone<{ order_ref: string | null }>('select order_ref from baskets where basket_id = ?', basketId)?.order_ref;
  const acceptanceInDatabaseFileAlone = (basketId: string) =>
    inDatabaseFileAlone<{ status: number }>('select status from order_acceptances where basket_id = ?', basketId)?.status;

  it('is in the database file itself before anyone is told, as is every answer about it', async () => {
    empty = await sqlite.createEmpty();
    database = await openDatabase(empty.location);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    await database.storage.syncToDisk();
    const repositories = createRepositories(database.db, database.storage);
    const { orders } = repositories;

    await orders.createBasket({ basketId: 'durable-basket-0000001', orderBuilderRef: 'ref-1', menuVersion: 1, now: new Date().toISOString() });
    const outcome = await orders.confirmBasket('durable-basket-0000001', () => undefined, 'durable-order-000001', new Date().toISOString());
    expect(outcome).toEqual({ outcome: 'confirmed', orderNumber: 1, orderRef: 'durable-order-000001', alreadyConfirmed: false });
    expect(orderRefInDatabaseFileAlone('durable-basket-0000001')).toBe('durable-order-000001');

    const now = new Date().toISOString();
    await requestAcceptance(repositories, 'durable-basket-0000001', () => ({ updateTime: now, answerFrom: now }), now, 'customer');
    expect(acceptanceInDatabaseFileAlone('durable-basket-0000001')).toBe(AcceptanceStatus.Requested);
    await changeAcceptance(repositories, { orderRef: 'durable-order-000001' }, (current) => acceptOrder(current, now), now, 'kitchen:staff');
    expect(acceptanceInDatabaseFileAlone('durable-basket-0000001')).toBe(AcceptanceStatus.Accepted);
  });

  it('makes each of many confirmations at once durable before its own answer', async () => {
    empty = await sqlite.createEmpty();
    database = await openDatabase(empty.location);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    const { orders } = createRepositories(database.db, database.storage);
    const basketIds = Array.from({ length: 20 }, (_, index) => `many-at-once-${String(index).padStart(9, '0')}`);
    for (const basketId of basketIds) {
      await orders.createBasket({ basketId, orderBuilderRef: `ref-${basketId}`, menuVersion: 1, now: new Date().toISOString() });
    }

    const inFileWhenAnswered = await Promise.all(
      basketIds.map((basketId) =>
        orders
          .confirmBasket(basketId, () => undefined, `order-${basketId}`, new Date().toISOString())
          .then(() => orderRefInDatabaseFileAlone(basketId)),
      ),
    );
    expect(inFileWhenAnswered).toEqual(basketIds.map((basketId) => `order-${basketId}`));
  });
});

describe('the checkpoint thread of the embedded SQLite database', () => {
  let empty: EmptyDatabase;
  let database: AppDatabase;
  afterEach(async () => {
    await database.close();
    await empty.drop();
  });

  it('copies basket changes into the database file by itself, with SQLite\'s own checkpoints off the request path', async () => {
    empty = await sqlite.createEmpty();
    database = await openDatabase(empty.location);
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(rows[0].wal_autocheckpoint).toBe(0);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    await createRepositories(database.db, database.storage).orders.createBasket({
      basketId: 'checkpointed-basket-01',
      orderBuilderRef: 'ref-2',
      menuVersion: 1,
      now: new Date().toISOString(),
    });
    await expect
      .poll(() => {
        const copy = `${empty.location.sqliteFile}.copy`;
        copyFileSync(empty.location.sqliteFile, copy);
        const reader = new SqliteDatabase(copy);
        try {
          return reader.prepare('select count(*) as baskets from baskets where basket_id = ?').get('checkpointed-basket-01');
        } finally {
          reader.close();
          rmSync(copy, { force: true });
        }
      }, { timeout: 5_000 })
      .toEqual({ baskets: 1 });
  });
});

describe('opening a database from a bad URL', () => {
  const sqliteFile = '/nonexistent/never-used.sqlite';

  it('refuses a value that is not a URL, saying what it expects', async () => {
    await expect(openDatabase({ databaseUrl: 'not a url', sqliteFile })).rejects.toThrow(
      'The database URL is not a valid URL (expected postgres://user:password@host:port/database)',
    );
  });

  it('refuses a URL of another database', async () => {
    await expect(openDatabase({ databaseUrl: 'mysql://user@127.0.0.1/takeaway', sqliteFile })).rejects.toThrow(
      'The database URL must start with postgres:// or postgresql://, not mysql:',
    );
  });

  it('says so when no PostgreSQL server answers', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    await expect(openDatabase({ databaseUrl: 'postgres://takeaway@127.0.0.1:1/takeaway', sqliteFile })).rejects.toThrow(
      'Cannot connect to the PostgreSQL database',
    );
  });
});

describe('closing the embedded SQLite database in a script of its own', () => {
  it('keeps the process alive until the last checkpoint is done: a top-level await of close() ends with exit code 0', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'takeaway-close-'));
    try {
      const script = [
        `import { openDatabase, migrateToLatest } from './src/server/db/database.ts';`,
        `const database = await openDatabase({ sqliteFile: ${JSON.stringify(join(dataDir, 'takeaway.sqlite'))} });`,
        `await migrateToLatest(database.db);`,
        `await database.close();`,
        `console.log('closed');`,
      ].join('\n');
      // Several runs: an unreferenced checkpoint thread let the process end mid-close about half the time (exit code 13).
      for (let run = 0; run < 4; run += 1) {
        const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
        expect(result.stderr).not.toContain('unsettled top-level await');
        expect({ status: result.status, stdout: result.stdout.trim() }).toEqual({ status: 0, stdout: 'closed' });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
