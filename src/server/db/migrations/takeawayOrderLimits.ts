import { sql, type Kysely, type Migration } from 'kysely';

// The largest order the restaurant takes in cash, and the largest it takes online at all (TakeawaySettings
// maximumCashOrderValue and maximumOrderValue), in pence; larger orders are placed by phone. Restaurants that had none
// get the demo's: £150 in cash, £500 in all.

export const takeawayOrderLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('takeaway_settings')
      .addColumn('maximum_cash_order_value', 'integer', (column) => column.notNull().defaultTo(15_000).check(sql`maximum_cash_order_value > 0`))
      .execute();
    await db.schema
      .alterTable('takeaway_settings')
      .addColumn('maximum_order_value', 'integer', (column) => column.notNull().defaultTo(50_000).check(sql`maximum_order_value > 0`))
      .execute();
  },
};
