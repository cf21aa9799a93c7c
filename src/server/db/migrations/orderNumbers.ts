import type { Kysely, Migration } from 'kysely';
import { londonDateAt } from '../../../domain/londonClock';
import { isNotNegative } from './columnRules';

// The short order number people read out ("Order 47", docs/acceptance-and-kitchen.md, "Identifiers"): the restaurant's
// sequence of its London day, given when the order is placed (confirmed). `order_number_days` holds each day's last
// number, taken by one upsert in the confirming transaction, so two orders placed at once queue on the day's row
// instead of both reading the same highest number; the unique index is the guarantee behind it.

export const orderNumbers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('baskets').addColumn('order_number', 'integer').execute();
    /** The London date the number belongs to (the day the order was placed). */
    await db.schema.alterTable('baskets').addColumn('order_date', 'text').execute();
    await db.schema.createIndex('baskets_order_number_once').on('baskets').columns(['order_date', 'order_number']).unique().execute();
    await db.schema
      .createTable('order_number_days')
      .addColumn('order_date', 'text', (column) => column.primaryKey())
      .addColumn('last_number', 'integer', (column) => column.notNull().check(isNotNegative('last_number')))
      .execute();

    // Orders placed before numbers existed get theirs, in the order they were placed, so every order has one.
    const typed = db as unknown as Kysely<{
      baskets: { basket_id: string; confirmed_at: string | null; order_number: number | null; order_date: string | null };
      order_number_days: { order_date: string; last_number: number };
    }>;
    const placed = await typed
      .selectFrom('baskets')
      .select(['basket_id', 'confirmed_at'])
      .where('confirmed_at', 'is not', null)
      .orderBy('confirmed_at')
      .orderBy('basket_id')
      .execute();
    const lastOfDay = new Map<string, number>();
    for (const order of placed) {
      const date = londonDateAt(Date.parse(order.confirmed_at!));
      const number = (lastOfDay.get(date) ?? 0) + 1;
      lastOfDay.set(date, number);
      await typed.updateTable('baskets').set({ order_number: number, order_date: date }).where('basket_id', '=', order.basket_id).execute();
    }
    for (const [date, last] of lastOfDay) await typed.insertInto('order_number_days').values({ order_date: date, last_number: last }).execute();
  },
};
