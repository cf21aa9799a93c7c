import { sql, type Kysely, type Migration } from 'kysely';
import { isBetween, isOneOf } from './columnRules';

// Orders for later (docs/acceptance-and-kitchen.md, "Pre-orders"). Each request keeps when the restaurant's time to
// answer it starts (answer_from): the request itself for an order the restaurant can answer now, the next opening or
// an hour before the order is due for a pre-order. Requests made before this migration started their clock when made.
// The index of waiting requests (0009) is replaced by one ending in answer_from, which the sweep asks by. The owner's
// order_days_ahead (0: today only) says how many days ahead slots are offered. A payment records when the money was
// held and what was done when PayPal's honour period ran out before the capture (reauthorised, or to be paid in cash).

export const preOrders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_acceptances').addColumn('answer_from', 'text').execute();
    await sql`update order_acceptances set answer_from = requested_at`.execute(db);
    // The sweep now asks by answer_from; the kitchen list's "still waiting" part uses the same index's first columns.
    await db.schema.dropIndex('order_acceptances_waiting').execute();
    await db.schema
      .createIndex('order_acceptances_answer_from')
      .on('order_acceptances')
      .columns(['status', 'cancelled_at', 'answer_from'])
      .execute();
    await db.schema
      .alterTable('takeaway_settings')
      .addColumn('order_days_ahead', 'integer', (column) => column.notNull().defaultTo(0).check(isBetween('order_days_ahead', 0, 7)))
      .execute();
    await db.schema.alterTable('payments').addColumn('authorised_at', 'text').execute();
    await db.schema
      .alterTable('payments')
      .addColumn('honour_outcome', 'text', (column) => column.check(isOneOf('honour_outcome', ['reauthorised', 'cash'])))
      .execute();
  },
};
