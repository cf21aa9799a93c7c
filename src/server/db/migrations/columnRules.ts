import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// The checks and column kinds the migrations share, written once for both dialects.

export const isFlag = (column: string) => sql`${sql.ref(column)} in (0, 1)`;
export const isNotNegative = (column: string) => sql`${sql.ref(column)} >= 0`;
export const isBetween = (column: string, lowest: number, highest: number) =>
  sql`${sql.ref(column)} between ${sql.lit(lowest)} and ${sql.lit(highest)}`;
export const isOneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/** A key the database hands out and never reuses: SQLite's autoincrement and PostgreSQL's identity are written differently. */
export function generatedId(db: Kysely<unknown>) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (column: ColumnDefinitionBuilder) =>
    onPostgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/**
 * The columns every outbox's rows share (the notification deliveries', the print jobs'): when the row was written and
 * is next due, the claim of the worker sending it (a worker owns it until then; after a crash another takes it over),
 * its failed attempts and last error, and when and how it was done (`outcomes`). For `CreateTableBuilder.$call`.
 */
export function outboxColumns(outcomes: readonly string[]) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('next_attempt_at', 'text', (column) => column.notNull())
      .addColumn('claimed_until', 'text')
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0).check(isNotNegative('attempts')))
      .addColumn('last_error', 'text')
      .addColumn('done_at', 'text')
      .addColumn('outcome', 'text', (column) => column.check(isOneOf('outcome', outcomes)));
}
