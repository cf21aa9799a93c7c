import { sql, type Kysely, type Migration } from 'kysely';
import { isBetween } from './columnRules';

// The restaurant's answer to each confirmed order and the kitchen's progress on it, plus the history of
// every change and who made it (docs/acceptance-and-kitchen.md). Times are ISO 8601 text in UTC.

export const orderAcceptance: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_acceptances')
      .addColumn('basket_id', 'text', (column) => column.primaryKey().references('baskets.basket_id').onDelete('cascade'))
      .addColumn('status', 'integer', (column) => column.notNull().check(isBetween('status', 0, 3)))
      .addColumn('requested_at', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .addColumn('proposed_time', 'text')
      .addColumn('refusal_reason', 'text')
      .addColumn('cancelled_at', 'text')
      .addColumn('kitchen_status', 'integer', (column) => column.check(isBetween('kitchen_status', 0, 6)))
      .addColumn('kitchen_status_changed_at', 'text')
      // The kitchen status exists exactly when the order has been accepted.
      .addCheckConstraint('order_acceptances_kitchen_status_when_accepted', sql`(status = 2) = (kitchen_status is not null)`)
      .execute();
    // The kitchen list and the automatic refusal both look orders up by when acceptance was requested.
    await db.schema.createIndex('order_acceptances_requested_at').on('order_acceptances').columns(['requested_at']).execute();

    await db.schema
      .createTable('order_events')
      .addColumn('basket_id', 'text', (column) => column.notNull().references('order_acceptances.basket_id').onDelete('cascade'))
      .addColumn('event_no', 'integer', (column) => column.notNull())
      .addColumn('at', 'text', (column) => column.notNull())
      .addColumn('change', 'text', (column) =>
        column.notNull().check(sql`change in ('acceptanceStatus', 'refusalReason', 'kitchenStatus', 'updateTime', 'cancelled')`),
      )
      .addColumn('from_value', 'text')
      .addColumn('to_value', 'text')
      .addColumn('actor', 'text', (column) =>
        column.notNull().check(sql`actor in ('customer', 'system') or actor like 'kitchen:_%'`),
      )
      .addPrimaryKeyConstraint('order_events_pk', ['basket_id', 'event_no'])
      .execute();
  },
};
