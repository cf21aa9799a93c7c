import type { Kysely, Migration } from 'kysely';
import { generatedId, isNotNegative } from './columnRules';

// The back office (docs/back-office.md): what every change was before and after and who made it, and the revision of
// each thing the owner edits as a whole, which a save must name so that two people's edits never silently overwrite
// each other.

export const backOfficeAudit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_entries')
      .addColumn('audit_id', 'integer', generatedId(db))
      .addColumn('at', 'text', (column) => column.notNull())
      .addColumn('actor_sub', 'text', (column) => column.notNull())
      .addColumn('actor_email', 'text', (column) => column.notNull())
      .addColumn('area', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('before_value', 'text')
      .addColumn('after_value', 'text')
      .execute();
    // The owner reads the newest first.
    await db.schema.createIndex('audit_entries_at').on('audit_entries').columns(['at', 'audit_id']).execute();

    await db.schema
      .createTable('edit_revisions')
      .addColumn('area', 'text', (column) => column.primaryKey())
      .addColumn('revision', 'integer', (column) => column.notNull().check(isNotNegative('revision')))
      .execute();
  },
};
