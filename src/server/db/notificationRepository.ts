import { sql, type Kysely, type Transaction } from 'kysely';
import type { OrderTypeValue } from '../../domain/orderEnums';
import type { MomentDetail, OrderMoment, WebPushSubscription } from '../domain/orderMoments';
import { claimRows, dueAt } from './outboxClaims';
import type { DatabaseSchema, NotificationChannel, NotificationOutcome } from './schema';

// The notification outbox (docs/notifications.md): deliveries are queued in the transaction of the order's change, and
// a worker claims each one before sending it. The claim is one conditional update, so of two servers polling one
// database only one sends a delivery; a claim that is not finished (a crash mid-send) lapses and is taken over.

/** A claimed delivery, as the worker sends it. */
export interface DueDelivery {
  id: number;
  basketId: string;
  moment: OrderMoment;
  detail: MomentDetail;
  channel: NotificationChannel;
  recipient: string;
  attempts: number;
  createdAt: string;
  /** For webPush: the subscription stored with the order, or undefined once it is gone. */
  webPushSubscription?: WebPushSubscription;
}

export interface NotifiedOrder {
  orderRef: string;
  orderNumber: number;
  orderType: OrderTypeValue;
  totalCostPence: number;
}

export type RegistrationOutcome = 'registered' | 'missing';

export interface NotificationOutbox {
  /** Claims up to `limit` deliveries due at `now`, each until `claimedUntil`. */
  claimDue(now: string, claimedUntil: string, limit: number): Promise<DueDelivery[]>;
  complete(delivery: DueDelivery, outcome: NotificationOutcome, now: string): Promise<void>;
  recordFailure(delivery: DueDelivery, error: string, nextAttemptAt: string): Promise<void>;
  /** A token or subscription reported gone for good: removed from every order, and its queued deliveries dropped. */
  dropRecipient(channel: 'nativePush' | 'webPush', recipient: string, now: string): Promise<void>;
  orderOf(basketId: string): Promise<NotifiedOrder | undefined>;
}

/** A moment to tell the order's customer, and the channels it goes by (the notifications' moments decide both). */
export interface MomentToQueue {
  moment: OrderMoment;
  detail: MomentDetail;
  channels: readonly NotificationChannel[];
}

/**
 * The channels the customer's "Stop notifications" silences: the pushes. Emails are kept, as some ask the customer to
 * act (accept a new time, or the order is never cooked) or say what became of their money (released, refunded).
 */
const STOPPABLE_CHANNELS = ['nativePush', 'webPush'] as const satisfies readonly NotificationChannel[];

/**
 * Queues each moment on each of its channels for every recipient the order has there now, inside the caller's
 * transaction; how many deliveries were queued (only emails for an order whose notifications are stopped).
 */
export async function queueNotifications(transaction: Transaction<DatabaseSchema>, basketId: string, moments: readonly MomentToQueue[], now: string): Promise<number> {
  if (moments.length === 0) return 0;
  const basket = await transaction
    .selectFrom('baskets')
    .select(['email', 'notifications_stopped_at'])
    .where('basket_id', '=', basketId)
    .executeTakeFirst();
  if (basket === undefined) return 0;
  const pushesStopped = basket.notifications_stopped_at !== null;
  const [tokens, subscriptions] = pushesStopped
    ? [[], []]
    : await Promise.all([
        transaction.selectFrom('device_tokens').select('device_token').where('basket_id', '=', basketId).execute(),
        transaction.selectFrom('web_push_subscriptions').select('endpoint').where('basket_id', '=', basketId).execute(),
      ]);
  const recipients: Record<NotificationChannel, string[]> = {
    email: basket.email.trim() === '' ? [] : [basket.email.trim()],
    nativePush: tokens.map((row) => row.device_token),
    webPush: subscriptions.map((row) => row.endpoint),
  };
  const rows = moments.flatMap(({ moment, detail, channels }) =>
    channels.flatMap((channel) =>
      recipients[channel].map((recipient) => ({
        basket_id: basketId,
        moment,
        detail: JSON.stringify(detail),
        channel,
        recipient,
        created_at: now,
        next_attempt_at: now,
        attempts: 0,
      })),
    ),
  );
  if (rows.length === 0) return 0;
  const inserted = await transaction
    .insertInto('notification_deliveries')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['basket_id', 'moment', 'channel', 'recipient']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
}

/** Lifts a stop on the basket's notifications; false when there is no such basket. */
async function liftStop(transaction: Transaction<DatabaseSchema>, basketId: string): Promise<boolean> {
  const lifted = await transaction.updateTable('baskets').set({ notifications_stopped_at: null }).where('basket_id', '=', basketId).executeTakeFirst();
  return lifted.numUpdatedRows > 0n;
}

/** Stores a native app's token for the basket (again: no change) and lifts a stop; 'missing' when there is no such basket. */
export async function storeDeviceToken(transaction: Transaction<DatabaseSchema>, basketId: string, deviceToken: string, now: string): Promise<RegistrationOutcome> {
  if (!(await liftStop(transaction, basketId))) return 'missing';
  await transaction
    .insertInto('device_tokens')
    .values({ basket_id: basketId, device_token: deviceToken, created_at: now })
    .onConflict((conflict) => conflict.columns(['basket_id', 'device_token']).doNothing())
    .execute();
  return 'registered';
}

/** Stores a browser's subscription for the basket (again: its keys are renewed) and lifts a stop. */
export async function storeWebPushSubscription(
  transaction: Transaction<DatabaseSchema>,
  basketId: string,
  { endpoint, keys }: WebPushSubscription,
  now: string,
): Promise<RegistrationOutcome> {
  if (!(await liftStop(transaction, basketId))) return 'missing';
  await transaction
    .insertInto('web_push_subscriptions')
    .values({ basket_id: basketId, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now })
    .onConflict((conflict) => conflict.columns(['basket_id', 'endpoint']).doUpdateSet({ p256dh: keys.p256dh, auth: keys.auth }))
    .execute();
  return 'registered';
}

/** No more pushes are queued for the order, and those queued and not yet sent are dropped; its emails go on. */
export async function stopNotifications(transaction: Transaction<DatabaseSchema>, basketId: string, now: string): Promise<RegistrationOutcome> {
  const stopped = await transaction
    .updateTable('baskets')
    .set((expression) => ({ notifications_stopped_at: expression.fn.coalesce('notifications_stopped_at', sql.val(now)) }))
    .where('basket_id', '=', basketId)
    .executeTakeFirst();
  if (stopped.numUpdatedRows === 0n) return 'missing';
  await transaction
    .updateTable('notification_deliveries')
    .set({ done_at: now, outcome: 'stopped', claimed_until: null })
    .where('basket_id', '=', basketId)
    .where('channel', 'in', STOPPABLE_CHANNELS)
    .where('done_at', 'is', null)
    .execute();
  return 'registered';
}

export function createNotificationOutbox(db: Kysely<DatabaseSchema>): NotificationOutbox {
  return {
    async claimDue(now, claimedUntil, limit) {
      // One recipient's deliveries go in the order of the changes: only the oldest not yet done is due, so an "Order
      // sent" never arrives after (and, sharing its tag, replaces) the "Order accepted" that followed it.
      const dueIds = db
        .selectFrom('notification_deliveries as due')
        .select('due.id')
        .where(dueAt(now, 'due'))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notification_deliveries as earlier')
                .select('earlier.id')
                .whereRef('earlier.basket_id', '=', 'due.basket_id')
                .whereRef('earlier.channel', '=', 'due.channel')
                .whereRef('earlier.recipient', '=', 'due.recipient')
                .where('earlier.done_at', 'is', null)
                .whereRef('earlier.id', '<', 'due.id'),
            ),
          ),
        )
        .orderBy('due.next_attempt_at')
        .limit(limit);
      const claimed = await claimRows(db, 'notification_deliveries', 'id', dueIds, now, claimedUntil);
      const webPushRows = claimed.filter((row) => row.channel === 'webPush');
      const subscriptions =
        webPushRows.length === 0
          ? []
          : await db
              .selectFrom('web_push_subscriptions')
              .select(['basket_id', 'endpoint', 'p256dh', 'auth'])
              .where('endpoint', 'in', webPushRows.map((row) => row.recipient))
              .execute();
      return claimed.map((row) => {
        const subscription = subscriptions.find((candidate) => candidate.basket_id === row.basket_id && candidate.endpoint === row.recipient);
        return {
          id: row.id,
          basketId: row.basket_id,
          moment: row.moment,
          detail: JSON.parse(row.detail) as MomentDetail,
          channel: row.channel,
          recipient: row.recipient,
          attempts: row.attempts,
          createdAt: row.created_at,
          ...(subscription === undefined
            ? {}
            : { webPushSubscription: { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } } }),
        };
      });
    },

    async complete(delivery, outcome, now) {
      await db
        .updateTable('notification_deliveries')
        .set({ done_at: now, outcome, claimed_until: null })
        .where('id', '=', delivery.id)
        .where('done_at', 'is', null)
        .execute();
    },

    async recordFailure(delivery, error, nextAttemptAt) {
      await db
        .updateTable('notification_deliveries')
        .set((expression) => ({
          attempts: sql<number>`${expression.ref('attempts')} + 1`,
          last_error: error.slice(0, 1000),
          next_attempt_at: nextAttemptAt,
          claimed_until: null,
        }))
        .where('id', '=', delivery.id)
        .where('done_at', 'is', null)
        .execute();
    },

    async dropRecipient(channel, recipient, now) {
      await db.transaction().execute(async (transaction) => {
        if (channel === 'nativePush') await transaction.deleteFrom('device_tokens').where('device_token', '=', recipient).execute();
        else await transaction.deleteFrom('web_push_subscriptions').where('endpoint', '=', recipient).execute();
        await transaction
          .updateTable('notification_deliveries')
          .set({ done_at: now, outcome: 'unregistered', claimed_until: null })
          .where('channel', '=', channel)
          .where('recipient', '=', recipient)
          .where('done_at', 'is', null)
          .execute();
      });
    },

    async orderOf(basketId) {
      const row = await db
        .selectFrom('baskets')
        .select(['order_ref', 'order_number', 'order_type', 'total_cost'])
        .where('basket_id', '=', basketId)
        .executeTakeFirst();
      // Confirming sets both.
      if (row === undefined || row.order_ref === null || row.order_number === null) return undefined;
      return { orderRef: row.order_ref, orderNumber: row.order_number, orderType: row.order_type as OrderTypeValue, totalCostPence: row.total_cost };
    },
  };
}
