import { sql, type Kysely, type Migration } from 'kysely';

// The dishes the restaurant highlights on its home page (docs/restaurant-pages.md), one flag per menu item that the
// back office sets. Existing menus highlight nothing until the restaurant chooses.

export const menuItemHighlighted: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('menu_items')
      .addColumn('highlighted', 'integer', (column) => column.notNull().defaultTo(0).check(sql`highlighted in (0, 1)`))
      .execute();
  },
};
