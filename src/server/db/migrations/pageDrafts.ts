import type { Kysely, Migration } from 'kysely';

// The owner's pages editor (docs/back-office.md, "Pages"): a page's draft is one JSON document (its title and rows in
// the contract's Page shape) until it is published over `pages`. No foreign key: a new page has a draft before it has
// a published row.

export const pageDrafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_drafts')
      .addColumn('page_name', 'text', (column) => column.primaryKey())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('content', 'text', (column) => column.notNull())
      .addColumn('saved_at', 'text', (column) => column.notNull())
      .execute();
  },
};
