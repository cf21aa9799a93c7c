import type { Transaction } from 'kysely';
import type { SoldOutMark } from '../domain/soldOut';
import type { DatabaseSchema } from './schema';

// "Sold out today" marks' rows, written in the transaction of the service's change (services/soldOut.ts). A whole dish
// is kept under option 0.

/** The marks whose `until` is still to come at `now`. */
export async function marksInForce(transaction: Transaction<DatabaseSchema>, now: Date): Promise<SoldOutMark[]> {
  const rows = await transaction.selectFrom('sold_out_items').selectAll().where('until', '>', now.toISOString()).execute();
  return rows.map((row) => ({ itemId: row.item_id, configId: row.config_id === 0 ? null : row.config_id, until: row.until }));
}

/** Removes the marks whose day has passed. */
export async function dropPassedMarks(transaction: Transaction<DatabaseSchema>, now: Date): Promise<void> {
  await transaction.deleteFrom('sold_out_items').where('until', '<=', now.toISOString()).execute();
}

/** Marks the dish, or one option of it, sold out until `until`. */
export async function markSoldOut(transaction: Transaction<DatabaseSchema>, mark: SoldOutMark, now: Date): Promise<void> {
  const { until } = mark;
  await transaction
    .insertInto('sold_out_items')
    .values({ item_id: mark.itemId, config_id: mark.configId ?? 0, until, marked_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['item_id', 'config_id']).doUpdateSet({ until, marked_at: now.toISOString() }))
    .execute();
}

/** Puts the dish, or one option of it, back on sale. */
export async function unmarkSoldOut(transaction: Transaction<DatabaseSchema>, itemId: number, configId: number | null): Promise<void> {
  await transaction.deleteFrom('sold_out_items').where('item_id', '=', itemId).where('config_id', '=', configId ?? 0).execute();
}
