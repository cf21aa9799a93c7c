import type { DueDelivery, NotificationOutbox } from '../db/notificationRepository';
import type { NotificationOutcome } from '../db/schema';
import { periodicPasses, type PeriodicPasses } from '../periodicPasses';
import type { Mail, MailSender, NativePushSender, PushMessage, WebPushSender } from './senders';

// Sends the notification outbox (docs/notifications.md): at start-up (what a crash left is sent), when kicked after a
// change that queued something, and every few seconds for the retries. A failed send is tried again with back-off and
// never reaches the customer's or the kitchen's request, which committed long before.

export interface NotificationSenders {
  mail: MailSender;
  nativePush: NativePushSender;
  webPush: WebPushSender;
}

export interface NotificationWorkerOptions {
  outbox: NotificationOutbox;
  senders: NotificationSenders;
  composeMail: (delivery: DueDelivery) => Promise<Mail>;
  composePush: (delivery: DueDelivery) => Promise<PushMessage>;
  now: () => Date;
  logError: (error: unknown) => void;
  /** Where each failed send is reported (it is tried again): an operator should see a mail server or FCM refusing. */
  logFailedSend?: (failure: { basketId: string; channel: string; moment: string; attempts: number; error: string }) => void;
  pollIntervalMs?: number;
  /** How long a claim lasts: a server that dies mid-send leaves its deliveries to another after this. */
  claimMs?: number;
}

export type NotificationWorker = PeriodicPasses;

const DEFAULT_POLL_INTERVAL_MS = 2_000;
const DEFAULT_CLAIM_MS = 60_000;
const DELIVERIES_PER_PASS = 20;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 10 * 60_000;
/** A notification still failing after this is of no use to the customer ("your order is cooking" a day later). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** How long after its `attempts`-th failure a delivery is tried again: 5 s doubling, at most 10 minutes. */
export function notificationRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);
}

export function createNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { outbox, senders, composeMail, composePush, now, logError } = options;
  const claimMs = options.claimMs ?? DEFAULT_CLAIM_MS;

  async function send(delivery: DueDelivery): Promise<NotificationOutcome> {
    switch (delivery.channel) {
      case 'email':
        await senders.mail.send(await composeMail(delivery));
        return 'sent';
      case 'nativePush':
        return senders.nativePush.send(delivery.recipient, await composePush(delivery));
      case 'webPush':
        if (delivery.webPushSubscription === undefined) return 'unregistered';
        return senders.webPush.send(delivery.webPushSubscription, await composePush(delivery));
    }
  }

  async function sendOne(delivery: DueDelivery): Promise<void> {
    try {
      const outcome = await send(delivery);
      if (outcome === 'unregistered' && delivery.channel !== 'email') {
        await outbox.dropRecipient(delivery.channel, delivery.recipient, now().toISOString());
      } else {
        await outbox.complete(delivery, outcome, now().toISOString());
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const at = now();
      if (at.getTime() - Date.parse(delivery.createdAt) >= GIVE_UP_AFTER_MS) {
        logError(new Error(`Gave up the ${delivery.channel} "${delivery.moment}" notification of ${delivery.basketId}: ${message}`));
        await outbox.complete(delivery, 'expired', at.toISOString());
        return;
      }
      const attempts = delivery.attempts + 1;
      options.logFailedSend?.({ basketId: delivery.basketId, channel: delivery.channel, moment: delivery.moment, attempts, error: message });
      await outbox.recordFailure(delivery, message, new Date(at.getTime() + notificationRetryDelayMs(attempts)).toISOString());
    }
  }

  async function sendDue(stopping: () => boolean): Promise<boolean> {
    const at = now();
    const due = await outbox.claimDue(at.toISOString(), new Date(at.getTime() + claimMs).toISOString(), DELIVERIES_PER_PASS);
    // One order's channels go out together; a slow channel does not hold up the others' deliveries.
    await Promise.all(due.map(async (delivery) => (stopping() ? undefined : sendOne(delivery))));
    // A recipient's next delivery becomes due once this one is done: another pass follows at once.
    return due.length > 0;
  }

  return periodicPasses({ pass: sendDue, intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, logError });
}
