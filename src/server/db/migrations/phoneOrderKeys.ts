import type { Kysely, Migration } from 'kysely';

// A phone order placed again after its answer was lost (docs/phone-orders.md, "Placing it again"): the dashboard's form
// sends one key per order it takes, and the server writes the key with the order, in the placing transaction. The
// primary key decides between two calls with the same key; the fingerprint of the order sent tells a repeat from a
// different order sent with a key already spent. The basket is written after its key in that transaction, so the
// reference to it is checked at commit.

export const phoneOrderKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('phone_order_keys')
      .addColumn('idempotency_key', 'text', (column) => column.primaryKey())
      .addColumn('basket_id', 'text', (column) => column.notNull().unique())
      .addColumn('fingerprint', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addForeignKeyConstraint('phone_order_keys_basket', ['basket_id'], 'baskets', ['basket_id'], (constraint) =>
        constraint.onDelete('cascade').deferrable().initiallyDeferred(),
      )
      .execute();
  },
};
