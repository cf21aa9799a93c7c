import type { Kysely, Migration } from 'kysely';
import { isNotNegative } from './columnRules';

// Photos the owner uploads (docs/back-office.md, "Photos"). A photo is named by the SHA-256 of its original file, so
// the same file uploaded twice is one row; its files live in the media store, not in the database. A published dish
// carries its photo (with the alt text the owner gave it) as one JSON document, as the menu draft does.

export const mediaPhotos: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('media')
      .addColumn('media_id', 'text', (column) => column.primaryKey())
      .addColumn('alt', 'text', (column) => column.notNull())
      .addColumn('width', 'integer', (column) => column.notNull().check(isNotNegative('width')))
      .addColumn('height', 'integer', (column) => column.notNull().check(isNotNegative('height')))
      // JSON array of the widths the AVIF and WebP copies were made at.
      .addColumn('widths', 'text', (column) => column.notNull())
      .addColumn('original_type', 'text', (column) => column.notNull())
      .addColumn('uploaded_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema.alterTable('menu_items').addColumn('photo', 'text').execute();
  },
};
