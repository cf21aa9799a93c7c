import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { isOneOf } from './columnRules';

/** A table whose column check 0029 and later migrations widen: how to make it, and its indexes. */
export interface WidenedTable {
  table: string;
  /** The column whose `in (…)` check is widened, and the values it allows from now on. */
  column: string;
  values: readonly string[];
  /** Makes the table, as its first migration did, under `name` with `values` allowed. */
  create: (db: Kysely<unknown>, name: string, values: readonly string[]) => Promise<void>;
  /** Makes its indexes again once the rebuilt table has its name (SQLite drops them with the old table). */
  createIndexes: (db: Kysely<unknown>) => Promise<void>;
}

/**
 * Lets a column's check accept more values. PostgreSQL changes the constraint in place (its name is PostgreSQL's own
 * for a column check, `<table>_<column>_check`). SQLite cannot change a table's constraints, so the table is made again
 * with it, the rows copied (ids kept, and the id sequence too, so no id is reused), and the new table takes the old
 * one's name; nothing may refer to the table, and the whole migration is one transaction.
 */
export async function widenCheck(db: Kysely<unknown>, { table, column, values, create, createIndexes }: WidenedTable, migration: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const constraint = `${table}_${column}_check`;
    await db.schema.alterTable(table).dropConstraint(constraint).execute();
    await db.schema.alterTable(table).addCheckConstraint(constraint, isOneOf(column, values)).execute();
    return;
  }
  const rebuilt = `${table}_${migration}`;
  await create(db, rebuilt, values);
  // Both tables are made by `create`, so their columns are the same, in the same order.
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`delete from sqlite_sequence where name = ${rebuilt}`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select ${rebuilt}, seq from sqlite_sequence where name = ${table}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(rebuilt).renameTo(table).execute();
  await createIndexes(db);
}
