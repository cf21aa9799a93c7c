import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { isOneOf } from './columnRules';
import { createDeliveriesTable, moments as momentsOf0016 } from './orderNotifications';

// The customer is told when PayPal refused to take the money held and the order is to be paid in cash instead
// (docs/notifications.md, docs/payments.md): a moment more, cashInstead, for the deliveries' check constraint.
// PostgreSQL changes the constraint in place. SQLite cannot change a table's constraints, so the table is made again
// with it, the rows copied (ids kept, and the id sequence too, so no delivery, and no email's Message-ID, is reused),
// and the new table takes the old one's name; nothing refers to it, and the whole migration is one transaction.

const moments = [...momentsOf0016, 'cashInstead'] as const;
const REBUILT = 'notification_deliveries_0029';

export const notificationCashInstead: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      // The name PostgreSQL gave 0016's column check.
      await db.schema.alterTable('notification_deliveries').dropConstraint('notification_deliveries_moment_check').execute();
      await db.schema.alterTable('notification_deliveries').addCheckConstraint('notification_deliveries_moment_check', isOneOf('moment', moments)).execute();
      return;
    }
    await createDeliveriesTable(db, REBUILT, moments);
    // Both tables are made by createDeliveriesTable, so their columns are the same, in the same order.
    await sql`insert into ${sql.table(REBUILT)} select * from notification_deliveries`.execute(db);
    await sql`delete from sqlite_sequence where name = ${REBUILT}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select ${REBUILT}, seq from sqlite_sequence where name = 'notification_deliveries'`.execute(db);
    await db.schema.dropTable('notification_deliveries').execute();
    await db.schema.alterTable(REBUILT).renameTo('notification_deliveries').execute();
    await db.schema.createIndex('notification_deliveries_due').on('notification_deliveries').columns(['done_at', 'next_attempt_at']).execute();
  },
};
