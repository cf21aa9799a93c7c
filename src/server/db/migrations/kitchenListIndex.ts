import type { Kysely, Migration } from 'kysely';

// The kitchen list shows the day's requests and the older ones still open: waiting for an answer (found through
// order_acceptances_waiting) or accepted and still in the kitchen, found through this one. With only the index on
// requested_at, the list walked every request the restaurant ever had, on every read (every 5 seconds).

export const kitchenListIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('order_acceptances_in_kitchen').on('order_acceptances').columns(['kitchen_status', 'cancelled_at']).execute();
  },
};
