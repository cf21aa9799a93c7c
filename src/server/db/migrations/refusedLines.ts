import type { Kysely, Migration } from 'kysely';

// The lines the kitchen named as unavailable when it refused an order (docs/acceptance-and-kitchen.md): the customer
// is told which, and "Order again" leaves them out. A JSON array of 0-based line numbers, written with the refusal in
// the same update of the order's row; orders refused before this say nothing about their lines.

export const refusedLines: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('order_acceptances')
      .addColumn('unavailable_lines', 'text', (column) => column.notNull().defaultTo('[]'))
      .execute();
  },
};
