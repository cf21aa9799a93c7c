import { type Kysely, type Migration } from 'kysely';
import { isBetween, isFlag, isNotNegative } from './columnRules';

// The baskets customers build and confirm, and their lines, on SQLite and PostgreSQL alike. Money
// is integer pence; times are ISO 8601 text in UTC; flags are 0/1. A line keeps the title and option
// it was priced with, so an order reads the same after the menu changes.

const moneyColumns = ['item_cost', 'original_item_cost', 'discount', 'bag_charge', 'delivery_charge', 'total_cost'] as const;

export const basketsAndLines: Migration = {
  async up(db: Kysely<unknown>) {
    let baskets = db.schema
      .createTable('baskets')
      .addColumn('basket_id', 'text', (column) => column.primaryKey())
      .addColumn('order_builder_ref', 'text', (column) => column.notNull().unique())
      .addColumn('status', 'integer', (column) => column.notNull().check(isBetween('status', 0, 8)))
      .addColumn('order_type', 'integer', (column) => column.notNull().check(isBetween('order_type', 0, 2)))
      .addColumn('menu_version', 'integer', (column) => column.notNull())
      .addColumn('source_type', 'text', (column) => column.notNull())
      .addColumn('os', 'text', (column) => column.notNull())
      .addColumn('os_version', 'text', (column) => column.notNull())
      .addColumn('app_version', 'text', (column) => column.notNull())
      .addColumn('ignore_time_offset', 'integer', (column) => column.notNull().check(isFlag('ignore_time_offset')))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('phone', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('delivery_address1', 'text')
      .addColumn('delivery_address2', 'text')
      .addColumn('delivery_town', 'text')
      .addColumn('delivery_postcode', 'text')
      .addColumn('delivery_zone_id', 'integer', (column) =>
        column.references('delivery_zones.delivery_zone_id').onDelete('set null'),
      )
      .addColumn('requested_time', 'text')
      .addColumn('asap', 'integer', (column) => column.notNull().check(isFlag('asap')))
      .addColumn('payment_type', 'integer', (column) => column.notNull().check(isBetween('payment_type', 0, 2)))
      .addColumn('notes', 'text', (column) => column.notNull())
      .addColumn('discount_percent', 'double precision', (column) =>
        column.notNull().check(isBetween('discount_percent', 0, 100)),
      );
    for (const money of moneyColumns) {
      baskets = baskets.addColumn(money, 'integer', (column) => column.notNull().check(isNotNegative(money)));
    }
    await baskets
      .addColumn('order_ref', 'text', (column) => column.unique())
      .addColumn('confirmed_at', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('revision', 'integer', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('basket_lines')
      .addColumn('basket_id', 'text', (column) => column.notNull().references('baskets.basket_id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (column) => column.notNull())
      // No foreign keys to the menu: an order outlives the dishes it was made of.
      .addColumn('category_id', 'integer', (column) => column.notNull())
      .addColumn('item_id', 'integer', (column) => column.notNull())
      .addColumn('config_id', 'integer')
      .addColumn('config_option', 'text')
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('quantity', 'integer', (column) => column.notNull().check(isBetween('quantity', 1, 99)))
      .addColumn('special_request', 'text', (column) => column.notNull())
      .addColumn('item_cost', 'integer', (column) => column.notNull().check(isNotNegative('item_cost')))
      .addColumn('line_cost', 'integer', (column) => column.notNull().check(isNotNegative('line_cost')))
      .addPrimaryKeyConstraint('basket_lines_pk', ['basket_id', 'line_no'])
      .execute();
  },
};
