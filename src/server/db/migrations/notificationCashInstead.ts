import type { Kysely, Migration } from 'kysely';
import { createDeliveriesIndexes, createDeliveriesTable, moments as momentsOf0016 } from './orderNotifications';
import { widenCheck } from './widenCheck';

// The customer is told when PayPal refused to take the money held and the order is to be paid in cash instead
// (docs/notifications.md, docs/payments.md): a moment more, cashInstead, for the deliveries' check constraint
// (widenCheck: in place on PostgreSQL, the table made again on SQLite with its rows, ids and id sequence).

const moments = [...momentsOf0016, 'cashInstead'] as const;

export const notificationCashInstead: Migration = {
  async up(db: Kysely<unknown>) {
    await widenCheck(
      db,
      {
        table: 'notification_deliveries',
        column: 'moment',
        values: moments,
        create: createDeliveriesTable,
        createIndexes: createDeliveriesIndexes,
      },
      '0029',
    );
  },
};
