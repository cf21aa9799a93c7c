import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type DialectAdapter,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/migrationList';
import type { DatabaseSchema } from './schema';
import { goldenDragonDemoData } from './seed/demoData';
import type { DemoData } from './seed/demoDataShape';
import { insertDemoData } from './seed/insertDemoData';

export type DatabaseDialect = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<DatabaseSchema>;
  dialect: DatabaseDialect;
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

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

// How long a writer waits for another connection's lock before SQLite reports SQLITE_BUSY.
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

// The app issues a few dozen distinct statements; room for all of them and the migrations' once-only ones.
const PREPARED_STATEMENT_CAPACITY = 500;

/**
 * Kysely prepares every query afresh, and preparing was the largest single cost of an order update
 * (docs/benchmarks.md). better-sqlite3 statements are reusable (SQLite re-prepares them itself after a
 * schema change), so the same SQL text gets the same statement, least recently used dropped first.
 */
function withPreparedStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
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
  // With WAL, NORMAL stays crash-safe for the database and avoids an fsync per transaction.
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<DatabaseSchema>({ dialect: new TransactionalDdlSqliteDialect({ database: withPreparedStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await db.destroy();
      // Kysely only closes a database it has used; a database opened and never queried stays open.
      if (sqlite.open) sqlite.close();
    },
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
  return { db, dialect: 'postgres', close: () => db.destroy() };
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

/**
 * Fills an empty database with the demo restaurant, in one transaction so that a failure leaves
 * nothing half-written. Does nothing when a restaurant is already there.
 */
export async function seedDemoData(
  db: Kysely<DatabaseSchema>,
  data: DemoData = goldenDragonDemoData,
): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (transaction) => {
    const existing = await transaction.selectFrom('restaurant').select('restaurant_id').limit(1).executeTakeFirst();
    if (existing !== undefined) return { seeded: false };
    await insertDemoData(transaction, data);
    return { seeded: true };
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
