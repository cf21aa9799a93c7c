import { sql, type Kysely, type Migration } from 'kysely';
import { isNotNegative, isOneOf } from './columnRules';

// The owner's menu editor and "sold out today" (docs/back-office.md, "Menu" and "Sold out today").
// - A category can be hidden: it and its dishes stay in the back office but leave the customers' menu.
// - The owner's draft of a whole menu is one JSON document until it is published.
// - Publishing never gives a new dish, category or option an id that was used before (baskets and orders name
//   them), so the highest id each kind has ever had is kept.
// - What is sold out, and until when (the start of the next opening day); no foreign key, so that publishing a menu
//   without the dish is not held up by it, and a row past its `until` means nothing.

export const menuDraftsSoldOut: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('menu_categories')
      .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0).check(sql`hidden in (0, 1)`))
      .execute();

    await db.schema
      .createTable('menu_drafts')
      .addColumn('menu_id', 'integer', (column) => column.primaryKey().references('menus.menu_id').onDelete('cascade'))
      .addColumn('categories', 'text', (column) => column.notNull())
      .addColumn('saved_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('menu_highest_ids')
      .addColumn('kind', 'text', (column) => column.primaryKey().check(isOneOf('kind', ['category', 'item', 'option'])))
      .addColumn('highest', 'integer', (column) => column.notNull().check(isNotNegative('highest')))
      .execute();

    await db.schema
      .createTable('sold_out_items')
      .addColumn('item_id', 'integer', (column) => column.notNull())
      // 0 for the whole dish: options' ids start at 1, and a key column cannot be null.
      .addColumn('config_id', 'integer', (column) => column.notNull().check(isNotNegative('config_id')))
      .addColumn('until', 'text', (column) => column.notNull())
      .addColumn('marked_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('sold_out_items_pk', ['item_id', 'config_id'])
      .execute();
  },
};
