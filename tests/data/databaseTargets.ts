import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type AppDatabase, type DatabaseLocation } from '../../src/server/db/database';

// Every data-layer test runs on SQLite, and on PostgreSQL as well when TEST_DATABASE_URL names a
// server whose user may create databases (`npm test` starts the machine's PostgreSQL and sets it).
// Each empty database is made for one test or one describe block and dropped afterwards.

export interface EmptyDatabase {
  location: DatabaseLocation;
  drop(): Promise<void>;
}

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres';
  createEmpty(): Promise<EmptyDatabase>;
}

const sqliteTarget: DatabaseTarget = {
  name: 'sqlite',
  async createEmpty() {
    const directory = await mkdtemp(join(tmpdir(), 'takeaway-data-test-'));
    return {
      // A directory that does not exist yet: opening the database must create it.
      location: { sqliteFile: join(directory, 'data', 'takeaway.sqlite') },
      drop: () => rm(directory, { recursive: true, force: true }),
    };
  },
};

function postgresTarget(serverUrl: string): DatabaseTarget {
  async function asServer(statement: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  return {
    name: 'postgres',
    async createEmpty() {
      const databaseName = `takeaway_test_${randomBytes(8).toString('hex')}`;
      // template0 never has connections, so databases made at the same moment by parallel test files
      // cannot trip over "source database is being accessed by other users".
      await asServer(`CREATE DATABASE ${databaseName} TEMPLATE template0`);
      const databaseUrl = new URL(serverUrl);
      databaseUrl.pathname = `/${databaseName}`;
      return {
        location: { databaseUrl: databaseUrl.href, sqliteFile: join(tmpdir(), `${databaseName}-never-created.sqlite`) },
        drop: () => asServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
      };
    },
  };
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const databaseTargets: DatabaseTarget[] = testDatabaseUrl
  ? [sqliteTarget, postgresTarget(testDatabaseUrl)]
  : [sqliteTarget];

/** Opens a fresh empty database of the target; `dispose` closes and drops it. */
export async function openEmptyDatabase(target: DatabaseTarget): Promise<AppDatabase & { location: DatabaseLocation; dispose(): Promise<void> }> {
  const empty = await target.createEmpty();
  const database = await openDatabase(empty.location);
  return {
    ...database,
    location: empty.location,
    async dispose() {
      await database.close();
      await empty.drop();
    },
  };
}
