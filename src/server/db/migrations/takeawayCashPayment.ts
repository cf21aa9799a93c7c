import { sql, type Kysely, type Migration } from 'kysely';

// Whether the restaurant takes cash on collection or delivery (TakeawaySettings.allowCashPayment). Restaurants that
// already took cash keep doing so.

export const takeawayCashPayment: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('takeaway_settings')
      .addColumn('allow_cash_payment', 'integer', (column) => column.notNull().defaultTo(1).check(sql`allow_cash_payment in (0, 1)`))
      .execute();
  },
};
