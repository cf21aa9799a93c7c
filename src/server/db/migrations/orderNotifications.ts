import type { Kysely, Migration } from 'kysely';
import { generatedId, isOneOf, outboxColumns } from './columnRules';

// Telling customers about their orders (docs/notifications.md): where each order's notifications go, and the outbox
// of deliveries, one per moment, channel and recipient, written in the same transaction as the order's change.

const channels = ['email', 'nativePush', 'webPush'] as const;
/** The moments as of this migration; 0029 adds cashInstead. */
export const moments = ['placed', 'accepted', 'timeProposed', 'refused', 'cancelled', 'cooking', 'readyToCollect', 'outForDelivery', 'completed'] as const;
const outcomes = ['sent', 'unregistered', 'stopped', 'expired'] as const;

export const orderNotifications: Migration = {
  async up(db: Kysely<unknown>) {
    // Set by the tracking page's "Stop notifications": nothing more is queued or sent for the order.
    await db.schema.alterTable('baskets').addColumn('notifications_stopped_at', 'text').execute();

    await db.schema
      .createTable('device_tokens')
      .addColumn('id', 'integer', generatedId(db))
      .addColumn('basket_id', 'text', (column) => column.notNull().references('baskets.basket_id').onDelete('cascade'))
      .addColumn('device_token', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('device_tokens_once', ['basket_id', 'device_token'])
      .execute();
    // FCM's "unregistered" names a token, not an order: every order that holds it drops it.
    await db.schema.createIndex('device_tokens_token').on('device_tokens').column('device_token').execute();

    await db.schema
      .createTable('web_push_subscriptions')
      .addColumn('id', 'integer', generatedId(db))
      .addColumn('basket_id', 'text', (column) => column.notNull().references('baskets.basket_id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (column) => column.notNull())
      .addColumn('p256dh', 'text', (column) => column.notNull())
      .addColumn('auth', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('web_push_subscriptions_once', ['basket_id', 'endpoint'])
      .execute();
    await db.schema.createIndex('web_push_subscriptions_endpoint').on('web_push_subscriptions').column('endpoint').execute();

    await createDeliveriesTable(db, 'notification_deliveries', moments);
    await createDeliveriesIndexes(db);
  },
};

/** The deliveries' index, made again with the table by 0029. */
export async function createDeliveriesIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('notification_deliveries_due').on('notification_deliveries').columns(['done_at', 'next_attempt_at']).execute();
}

/**
 * The outbox of deliveries as `name`, its moments checked against `momentsAllowed`. 0029 makes it again under another
 * name with one moment more (SQLite cannot change a check constraint), so both build it here.
 */
export async function createDeliveriesTable(db: Kysely<unknown>, name: string, momentsAllowed: readonly string[]): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('basket_id', 'text', (column) => column.notNull().references('baskets.basket_id').onDelete('cascade'))
    .addColumn('moment', 'text', (column) => column.notNull().check(isOneOf('moment', momentsAllowed)))
    /** What the moment said when it happened (JSON: the agreed or proposed time, the refusal's reason). */
    .addColumn('detail', 'text', (column) => column.notNull())
    .addColumn('channel', 'text', (column) => column.notNull().check(isOneOf('channel', channels)))
    /** The email address, the device token or the web push endpoint. */
    .addColumn('recipient', 'text', (column) => column.notNull())
    .$call(outboxColumns(outcomes))
    // Each moment reaches each recipient of an order once, however often the change that causes it is repeated.
    .addUniqueConstraint('notification_deliveries_once', ['basket_id', 'moment', 'channel', 'recipient'])
    .execute();
}
