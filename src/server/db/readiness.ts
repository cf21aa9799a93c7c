import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/migrationList';
import type { DatabaseSchema } from './schema';

export type Readiness = { ready: true } | { ready: false; reason: string; cause?: unknown };
export type ReadinessCheck = () => Promise<Readiness>;

/** Long enough for a busy database, short enough to answer a load balancer's probe before it gives up. */
export const READINESS_TIMEOUT_MS = 2_000;

class NoAnswerInTime extends Error {}

async function withinTime<Result>(work: Promise<Result>, timeoutMs: number): Promise<Result> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswerInTime()), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ready when the database answers a query and has applied exactly the migrations this server knows
 * (migrationList.ts): fewer means a start that has not migrated it, more a newer server's database.
 * The reasons name no host or credentials, as anyone may ask; the cause is for the log.
 */
export function databaseReadiness(db: Kysely<DatabaseSchema>, timeoutMs = READINESS_TIMEOUT_MS): ReadinessCheck {
  const known = Object.keys(migrations);
  return async () => {
    try {
      await withinTime(sql`select 1`.execute(db), timeoutMs);
    } catch (error) {
      if (error instanceof NoAnswerInTime) return { ready: false, reason: `the database did not answer within ${timeoutMs} ms` };
      return { ready: false, reason: 'the database does not answer', cause: error };
    }
    let applied: string[];
    try {
      const { rows } = await withinTime(sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db), timeoutMs);
      applied = rows.map((row) => row.name);
    } catch (error) {
      return { ready: false, reason: 'the database has not been migrated', cause: error };
    }
    const missing = known.filter((name) => !applied.includes(name));
    if (missing.length > 0) return { ready: false, reason: `migrations not applied: ${missing.join(', ')}` };
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length > 0) return { ready: false, reason: `migrations this server does not know: ${unknown.join(', ')}` };
    return { ready: true };
  };
}
