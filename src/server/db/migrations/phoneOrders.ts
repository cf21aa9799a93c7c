import type { Kysely, Migration } from 'kysely';

// Phone orders (docs/phone-orders.md): staff take them at the kitchen dashboard, paid in cash or by card when the
// customer collects. Both are paid at the counter (payment type CashOrder); this flag says the card machine takes it,
// so the ticket and the takings tell the two apart. Every order before this was placed online or paid in cash.

export const phoneOrders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('baskets')
      .addColumn('card_on_collection', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};
