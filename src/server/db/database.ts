import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/migrationList';
import { startWalCheckpointer } from './walCheckpointer';
import type { DatabaseSchema } from './schema';
import { goldenDragonDemoData } from './seed/demoData';
import type { DemoData } from './seed/demoDataShape';
import { insertDemoData } from './seed/insertDemoData';

export type DatabaseDialect = 'sqlite' | 'postgres';

/** A better-sqlite3 database as the repositories' fast paths use it: prepared statements are reused. */
export interface PreparingSqlite {
  prepare(sqlText: string): SqliteDatabase.Statement;
}

/** What the repositories may ask of the database beyond Kysely (RepositoryOptions). */
export interface StorageOptions {
  /** Makes every committed transaction survive a power cut, not only a crash of the process (see openSqlite). */
  syncToDisk(): Promise<void>;
  /**
   * SQLite only: runs `work` as one synchronous transaction on the connection, in its turn with Kysely's queries.
   * Kysely spends about three times SQLite's own time on each statement (awaits, its connection queue, building
   * the query), which the order update, the busiest write, cannot afford (docs/benchmarks.md).
   */
  sqliteTransaction?<Result>(work: (sqlite: PreparingSqlite) => Result): Promise<Result>;
}

export interface AppDatabase {
  db: Kysely<DatabaseSchema>;
  dialect: DatabaseDialect;
  storage: StorageOptions;
  close(): Promise<void>;
}

export interface DatabaseLocation {
  /** A `postgres://` (or `postgresql://`) URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string;
  /** Path of the SQLite file, `<DATA_DIR>/takeaway.sqlite`; its directory is created if missing. */
  sqliteFile: string;
}

// Kysely runs SQLite migrations outside a transaction, so a migration that failed halfway would
// leave tables behind and every later start would stop on them. SQLite can roll back schema
// changes, so migrations run in a transaction here as they do on PostgreSQL.
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * SQLite has one connection, which Kysely's driver guards with a mutex that wakes every waiter on each release
 * and lets them race for it again: with 50 order updates waiting, each release cost 50 wake-ups, and the
 * order they got the connection in was arbitrary. This queue hands the connection to the longest waiter.
 */
class QueuedSqliteDriver extends SqliteDriver {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#held = true;
    // Uncontended now: only the holder of the queue reaches Kysely's own mutex.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    if (next === undefined) this.#held = false;
    else next();
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

// How long a writer waits for another connection's lock before SQLite reports SQLITE_BUSY.
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

// SQLite's own default, for when the checkpoint thread has failed.
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;

// The app issues a few dozen distinct statements; room for all of them and the migrations' once-only ones.
const PREPARED_STATEMENT_CAPACITY = 500;

/**
 * Kysely prepares every query afresh, and preparing was the largest single cost of an order update
 * (docs/benchmarks.md). better-sqlite3 statements are reusable (SQLite re-prepares them itself after a
 * schema change), so the same SQL text gets the same statement, least recently used dropped first.
 */
function withPreparedStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase & PreparingSqlite {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement !== undefined) {
        statements.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= PREPARED_STATEMENT_CAPACITY) statements.delete(statements.keys().next().value!);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

export async function openDatabase({ databaseUrl, sqliteFile }: DatabaseLocation): Promise<AppDatabase> {
  if (databaseUrl === undefined) return openSqlite(sqliteFile);
  return openPostgres(databaseUrl);
}

function openSqlite(sqliteFile: string): AppDatabase {
  mkdirSync(dirname(sqliteFile), { recursive: true });
  const sqlite = new SqliteDatabase(sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // With WAL, NORMAL survives a crash of the process but not of the machine: the last commits may be only in the
  // operating system's cache. FULL would fsync on every commit (1.6 ms here, and better-sqlite3 blocks the event
  // loop meanwhile), which every basket change would pay. So basket changes stay NORMAL (the browser holds the
  // basket and sends it whole again), and what must never be lost (a confirmed order, the restaurant's answer)
  // calls syncToDisk after committing.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startWalCheckpointer(sqliteFile, SQLITE_BUSY_TIMEOUT_MS, (error) => {
    process.emitWarning(`SQLite checkpoints are back on the main thread: ${error.message}`);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
  });
  const preparing = withPreparedStatementCache(sqlite);
  const db = new Kysely<DatabaseSchema>({ dialect: new TransactionalDdlSqliteDialect({ database: preparing }) });
  return {
    db,
    dialect: 'sqlite',
    storage: {
      // A checkpoint copies the write-ahead log into the database file and fsyncs it. The checkpoint thread does it,
      // so that better-sqlite3 does not block the event loop for the copy and its fsyncs (a confirmation's long tail,
      // docs/benchmarks.md); should the thread fail, the one connection does it, through Kysely so that it waits for a
      // transaction in progress.
      syncToDisk: oneRunForEveryoneWaiting(async () => {
        try {
          await checkpointer.checkpointNow();
        } catch {
          await sql`pragma wal_checkpoint(FULL)`.execute(db);
        }
      }),
      // Holding Kysely's connection keeps a Kysely transaction that is between two of its awaits out of this one.
      sqliteTransaction: (work) => db.connection().execute(async () => sqlite.transaction(() => work(preparing))()),
    },
    async close() {
      await checkpointer.stop();
      await db.destroy();
      // Kysely only closes a database it has used; a database opened and never queried stays open.
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * `work` for every caller, shared by the callers that arrive while one run is under way: they all wait for the next
 * run, which starts after them. Fifty confirmations committed during one checkpoint are made durable by the next
 * one instead of by fifty, each of which would hold the connection (a group commit).
 */
function oneRunForEveryoneWaiting(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = () => {
    const run = work().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (running === undefined) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

async function openPostgres(databaseUrl: string): Promise<AppDatabase> {
  const protocol = parseProtocol(databaseUrl);
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error(`The database URL must start with postgres:// or postgresql://, not ${protocol}`);
  }
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle connection that the server drops is discarded by the pool and the next query opens a
  // new one; without a listener the 'error' event would end the process.
  pool.on('error', () => {});
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`Cannot connect to the PostgreSQL database: ${describe(error)}`, { cause: error });
  }
  // PostgreSQL's default synchronous_commit already flushes its log before a commit returns.
  return { db, dialect: 'postgres', storage: { syncToDisk: async () => {} }, close: () => db.destroy() };
}

function parseProtocol(databaseUrl: string): string {
  try {
    return new URL(databaseUrl).protocol;
  } catch {
    throw new Error('The database URL is not a valid URL (expected postgres://user:password@host:port/database)');
  }
}

/** Applies every migration not yet applied; returns the names it applied, in order. */
export async function migrateToLatest(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const where = failed ? `migration "${failed.migrationName}" failed` : 'migrating the database failed';
    throw new Error(`${where}: ${describe(error)}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}

// A key of this application's own among PostgreSQL's advisory locks (Kysely's migrator holds another while migrating).
const SEEDING_LOCK_KEY = 8_150_015;

/**
 * The first statement of a transaction that seeds data when it finds none: on PostgreSQL it waits until no other server
 * is in one, so that servers started at once on an empty database seed it once; the one that waited then reads what
 * the other committed (each statement of a read-committed transaction sees the latest commits). A SQLite file has one
 * server.
 */
export async function oneSeederAtATime(transaction: Kysely<DatabaseSchema>): Promise<void> {
  if (transaction.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${SEEDING_LOCK_KEY})`.execute(transaction);
}

/**
 * Fills an empty database with the demo restaurant, in one transaction so that a failure leaves
 * nothing half-written. Does nothing when a restaurant is already there.
 */
export async function seedDemoData(
  db: Kysely<DatabaseSchema>,
  data: DemoData = goldenDragonDemoData,
): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (transaction) => {
    await oneSeederAtATime(transaction);
    const existing = await transaction.selectFrom('restaurant').select('restaurant_id').limit(1).executeTakeFirst();
    if (existing !== undefined) return { seeded: false };
    await insertDemoData(transaction, data);
    return { seeded: true };
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
