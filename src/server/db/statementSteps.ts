import { CompiledQuery, PostgresAdapter, type Insertable, type Kysely } from 'kysely';
import type { PreparingSqlite } from './database';
import type { DatabaseSchema } from './schema';

// A transaction written once as a generator of SQL statements, run synchronously on SQLite (one better-sqlite3
// transaction, StorageOptions.sqliteTransaction) or awaited statement by statement on PostgreSQL (or on SQLite
// inside a Kysely transaction). The confirmation, the busiest transaction after the order update, cannot afford
// Kysely's cost per statement on SQLite (docs/benchmarks.md), and its rules must not be written twice.
//
// The SQL is plain text that both databases read alike, with `?` for each parameter.

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

export interface StatementResult {
  rows: readonly unknown[];
  /** Rows inserted, updated or deleted. */
  changes: number;
}

export type Steps<Result> = Generator<Statement, Result, StatementResult>;

/** The rows a statement answers (a select, or a write with `returning`). */
export function* rowsOf<Row>(sql: string, ...parameters: unknown[]): Steps<Row[]> {
  const result = yield { sql, parameters };
  return result.rows as Row[];
}

export function* firstRowOf<Row>(sql: string, ...parameters: unknown[]): Steps<Row | undefined> {
  const rows = yield* rowsOf<Row>(sql, ...parameters);
  return rows[0];
}

/** Runs a write that answers no rows: how many rows it changed. */
export function* changesOf(sql: string, ...parameters: unknown[]): Steps<number> {
  const result = yield { sql, parameters };
  return result.changes;
}

/** Inserts one row of `table`, its columns named by `row`'s keys. */
export function* insertRow<Table extends keyof DatabaseSchema>(table: Table, row: Insertable<DatabaseSchema[Table]>): Steps<void> {
  const names = Object.keys(row);
  yield* changesOf(
    `insert into "${table}" (${names.map((name) => `"${name}"`).join(', ')}) values (${placeholders(names.length)})`,
    ...Object.values(row),
  );
}

/** `?, ?, ?` for `count` parameters. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Runs `steps` on better-sqlite3, inside the caller's synchronous transaction. */
export function runOnSqlite<Result>(sqlite: PreparingSqlite, steps: Steps<Result>): Result {
  let next = steps.next();
  while (!next.done) {
    const { sql, parameters } = next.value;
    const statement = sqlite.prepare(sql);
    const result: StatementResult = statement.reader
      ? { rows: statement.all(...parameters), changes: 0 }
      : { rows: [], changes: statement.run(...parameters).changes };
    next = steps.next(result);
  }
  return next.value;
}

/** Runs `steps` through Kysely, inside the caller's transaction `db`. */
export async function runOnKysely<Result>(db: Kysely<DatabaseSchema>, steps: Steps<Result>): Promise<Result> {
  const numbered = db.getExecutor().adapter instanceof PostgresAdapter;
  let next = steps.next();
  while (!next.done) {
    const { sql, parameters } = next.value;
    const query = CompiledQuery.raw(numbered ? numberedPlaceholders(sql) : sql, [...parameters]);
    const answer = await db.executeQuery(query);
    next = steps.next({
      rows: answer.rows,
      changes: Number(answer.numAffectedRows ?? 0n),
    });
  }
  return next.value;
}

/** PostgreSQL numbers its parameters: `?` becomes `$1`, `$2`… (the statements here never hold a literal `?`). */
function numberedPlaceholders(sql: string): string {
  let position = 0;
  return sql.replace(/\?/g, () => `$${++position}`);
}
