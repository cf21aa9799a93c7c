import { sql, type Expression, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { DatabaseSchema } from './schema';

// The outboxes that every app server's worker reads from the one database (notifications, ticket printing, PayPal
// steps): a worker claims the rows it is about to send in one conditional update, so two servers never send one row
// at the same time, and a row whose worker died mid-send is taken over once its claim has lapsed.

/** The tables whose rows are done once (`done_at`) and held by one worker at a time (`claimed_until`). */
export type ClaimedOutboxTable = 'notification_deliveries' | 'print_jobs' | 'payment_outbox';

/** No worker holds the row at `now`: never claimed, released, or its claim lapsed. `column` as the query names it. */
function unclaimedAt(now: string, column = 'claimed_until'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} is null or ${sql.ref(column)} <= ${now})`;
}

/** The row the query names `alias` may be sent at `now`: not done, its next attempt come, and no worker holding it. */
export function dueAt(now: string, alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.done_at`)} is null and ${sql.ref(`${alias}.next_attempt_at`)} <= ${now} and ${unclaimedAt(now, `${alias}.claimed_until`)})`;
}

/**
 * Claims until `claimedUntil` the rows of `table` picked by `dueIds` (a query of their `idColumn`). The conditions are
 * asked again of each row as it is updated: on PostgreSQL a second server's claim waits for the first one's row lock
 * and then finds the row claimed (or done), so it skips it instead of sending it twice.
 */
export async function claimRows<Table extends ClaimedOutboxTable>(
  db: Kysely<DatabaseSchema>,
  table: Table,
  idColumn: keyof DatabaseSchema[Table] & string,
  dueIds: Expression<unknown>,
  now: string,
  claimedUntil: string,
): Promise<Array<Selectable<DatabaseSchema[Table]>>> {
  const { rows } = await sql<Selectable<DatabaseSchema[Table]>>`
    update ${sql.table(table)} set claimed_until = ${claimedUntil}
    where ${sql.ref(idColumn)} in (${dueIds}) and done_at is null and ${unclaimedAt(now)}
    returning *`.execute(db);
  return rows;
}
