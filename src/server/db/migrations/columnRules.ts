import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

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
