import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, seedDemoData, type AppDatabase } from '../../src/server/db/database';
import { createRepositories } from '../../src/server/db/repositories';
import { storeDemoPhotoFiles } from '../../src/server/db/seed/demoPhotos';
import { directoryMediaStore, mediaDirectoryOf } from '../../src/server/media/mediaStore';
import { databaseTargets, type EmptyDatabase } from './databaseTargets';

// `npm run backup` taken while the database is open and in use, then restored as the README says: SQLite's file copied
// into a fresh DATA_DIR, PostgreSQL's dump given to `pg_restore --clean --if-exists --no-owner` on a fresh database.

const root = resolve(import.meta.dirname, '../..');
const backupsDir = mkdtempSync(join(tmpdir(), 'takeaway-backups-'));
afterAll(() => rmSync(backupsDir, { recursive: true, force: true }));

function runBackup(env: Record<string, string>, target: string) {
  return spawnSync(resolve(root, 'node_modules/.bin/tsx'), ['scripts/backup.ts', target], {
    cwd: root,
    env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 55_000,
  });
}

/** Confirmed orders and baskets still being filled, as a Friday evening leaves them. */
async function makeOrders(database: AppDatabase, run: string): Promise<{ orderRefs: string[]; basketIds: string[] }> {
  const { orders } = createRepositories(database.db, database.storage);
  const basketIds = Array.from({ length: 8 }, (_, index) => `backup-${run}-${String(index).padStart(12, '0')}`);
  const orderRefs: string[] = [];
  for (const [index, basketId] of basketIds.entries()) {
    const now = new Date().toISOString();
    await orders.createBasket({ basketId, orderBuilderRef: `ref-${basketId}`, menuVersion: 1, now });
    if (index % 4 === 3) continue;
    const outcome = await orders.confirmBasket(basketId, () => undefined, `order-${basketId}`, now);
    expect(outcome).toMatchObject({ outcome: 'confirmed' });
    orderRefs.push(`order-${basketId}`);
  }
  return { orderRefs, basketIds };
}

async function expectEveryOrder(database: AppDatabase, made: { orderRefs: string[]; basketIds: string[] }) {
  expect(await migrateToLatest(database.db)).toEqual([]);
  const rows = await database.db.selectFrom('baskets').select(['basket_id', 'order_ref']).orderBy('basket_id').execute();
  expect(rows.map((row) => row.basket_id)).toEqual(made.basketIds);
  expect(rows.flatMap((row) => (row.order_ref === null ? [] : [row.order_ref]))).toEqual(made.orderRefs);
  expect((await createRepositories(database.db).restaurant.getCoreData())?.name).toBe('Golden Dragon');
}

describe.each(databaseTargets.map((target) => [target.name, target] as const))('npm run backup on %s', (name, target) => {
  const cleanUp: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  async function emptyDatabase(): Promise<EmptyDatabase> {
    const empty = await target.createEmpty();
    cleanUp.push(empty.drop);
    return empty;
  }

  it('backs up while the database is open and in use, and a restore into a fresh database finds every order', async () => {
    const original = await emptyDatabase();
    const database = await openDatabase(original.location);
    cleanUp.push(() => database.close());
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    const made = await makeOrders(database, name);
    const photoDataDir = original.location.databaseUrl === undefined ? dirname(original.location.sqliteFile) : mkdtempSync(join(tmpdir(), 'takeaway-data-'));
    if (original.location.databaseUrl !== undefined) cleanUp.push(async () => rmSync(photoDataDir, { recursive: true, force: true }));
    await storeDemoPhotoFiles(database.db, directoryMediaStore(mediaDirectoryOf(photoDataDir)));

    const backupFile = join(backupsDir, `${name}.${name === 'sqlite' ? 'sqlite' : 'pgdump'}`);
    const backup = runBackup(
      original.location.databaseUrl === undefined
        ? { DATA_DIR: dirname(original.location.sqliteFile) }
        : { DATABASE_URL: original.location.databaseUrl, DATA_DIR: photoDataDir },
      backupFile,
    );
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`database to ${backupFile}`);
    // The photos' originals beside it, from which a restored server makes every served copy again.
    const mirrored = join(dirname(backupFile), 'media', 'originals');
    expect(readdirSync(mirrored).sort()).toEqual(readdirSync(join(photoDataDir, 'media', 'originals')).sort());
    expect(existsSync(backupFile)).toBe(true);
    expect(runBackup({ DATA_DIR: dirname(original.location.sqliteFile) }, backupFile).stderr).toContain('exists already');

    const fresh = await emptyDatabase();
    if (fresh.location.databaseUrl === undefined) {
      // The README's restore: the server stopped, the file copied into DATA_DIR as takeaway.sqlite.
      mkdirSync(dirname(fresh.location.sqliteFile), { recursive: true });
      copyFileSync(backupFile, fresh.location.sqliteFile);
    } else {
      const restore = spawnSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${fresh.location.databaseUrl}`, backupFile], {
        encoding: 'utf8',
      });
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);
    }
    const restored = await openDatabase(fresh.location);
    cleanUp.push(() => restored.close());
    await expectEveryOrder(restored, made);
  }, 60_000);
});

describe('npm run backup with PostgreSQL where pg_dump is missing', () => {
  it('fails saying so and what to install', () => {
    // A PATH with node alone on it, as on a machine without PostgreSQL's client programs.
    const nodeOnly = mkdtempSync(join(tmpdir(), 'node-only-path-'));
    symlinkSync(process.execPath, join(nodeOnly, 'node'));
    const result = spawnSync(join(nodeOnly, 'node'), ['--import', 'tsx', 'scripts/backup.ts', join(backupsDir, 'never.pgdump')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'postgres://takeaway@127.0.0.1:5432/takeaway', PATH: nodeOnly },
      encoding: 'utf8',
      timeout: 55_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Backup failed: pg_dump was not found on PATH: install PostgreSQL's client programs");
    expect(existsSync(join(backupsDir, 'never.pgdump'))).toBe(false);
    rmSync(nodeOnly, { recursive: true, force: true });
  }, 60_000);
});
