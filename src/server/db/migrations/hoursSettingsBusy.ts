import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { isBetween, isFlag } from './columnRules';

// The owner's opening hours, settings and the kitchen's busy mode (docs/back-office.md). The time-slot length and the
// most orders per slot (none: no limit) join the lead times on takeaway_settings; the automatic-refusal time is the
// restaurant's once the owner sets it (null: the server's ACCEPTANCE_TIMEOUT_SECONDS). Busy mode is one state: paused
// (until a time, or until switched back when busy_paused_until is null) or extra minutes on every lead time. A special
// day replaces its weekday's sessions: none means closed, with the message customers read.

export const hoursSettingsBusy: Migration = {
  async up(db: Kysely<unknown>) {
    const columns: [string, 'integer' | 'text', (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
      ['slot_minutes', 'integer', (column) => column.notNull().defaultTo(15).check(isBetween('slot_minutes', 5, 60))],
      ['orders_per_slot', 'integer', (column) => column.check(isBetween('orders_per_slot', 1, 100))],
      ['acceptance_timeout_seconds', 'integer', (column) => column.check(isBetween('acceptance_timeout_seconds', 60, 3600))],
      ['busy_paused', 'integer', (column) => column.notNull().defaultTo(0).check(isFlag('busy_paused'))],
      ['busy_paused_until', 'text', (column) => column],
      ['busy_extra_minutes', 'integer', (column) => column.notNull().defaultTo(0).check(isBetween('busy_extra_minutes', 0, 120))],
    ];
    // One column at a time: SQLite alters a table one column per statement.
    for (const [name, type, build] of columns) {
      await db.schema.alterTable('takeaway_settings').addColumn(name, type, build).execute();
    }

    await db.schema
      .createTable('special_days')
      .addColumn('restaurant_id', 'integer', (column) => column.notNull().references('restaurant.restaurant_id').onDelete('cascade'))
      // London date, "2026-12-25".
      .addColumn('special_date', 'text', (column) => column.notNull().check(sql`length(special_date) = 10`))
      .addColumn('message', 'text', (column) => column.notNull())
      // JSON array of { opens, closes }; empty: closed all day.
      .addColumn('sessions', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('special_days_key', ['restaurant_id', 'special_date'])
      .execute();
  },
};
