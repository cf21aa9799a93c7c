import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { WebPushSubscription } from '../../domain/orderMoments';
import type { PushMessage, PushOutcome, WebPushSender } from '../senders';

/** A message the customer has not received within the hour is stale: the tracking page says more by then. */
export const WEB_PUSH_TTL_SECONDS = 60 * 60;

/** How long the push service is given to answer one send before it counts as failed (and is tried again later). */
export const WEB_PUSH_TIMEOUT_MS = 10_000;

export interface VapidKeys {
  /** URL-safe base64 of the uncompressed P-256 point: what the browser's `applicationServerKey` is given. */
  publicKey: string;
  privateKey: string;
}

export interface WebPushSenderOptions extends VapidKeys {
  /** Who the push services may contact about these sends: a `mailto:` or `https:` address. */
  subject: string;
  /** Only for a push service with its own certificate authority: the loopback fake in tests. */
  agent?: Agent;
  timeoutMs?: number;
}

/**
 * RFC 8030 §5.4: a push service replaces an undelivered message with a newer one of the same topic, which is at most
 * 32 characters of URL-safe base64. A tag names one order, so its digest does too, whatever the tag's length.
 */
export function topicOfTag(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** A push service's answer for a subscription that no longer exists (RFC 8030 §7.3: 404 unknown, 410 expired). */
const goneStatuses = new Set([404, 410]);

/**
 * Sends one message to one browser through its push service, encrypted for the subscription (RFC 8291) and signed
 * with the site's VAPID keys (RFC 8292). High urgency: the customer is waiting for their food.
 */
export function createWebPushSender({ publicKey, privateKey, subject, agent, timeoutMs = WEB_PUSH_TIMEOUT_MS }: WebPushSenderOptions): WebPushSender {
  // Checks the keys and the subject now, so that a bad configuration stops the server at start, not at the first send.
  webPush.getVapidHeaders('https://push.invalid', subject, publicKey, privateKey, 'aes128gcm');
  return {
    async send(subscription: WebPushSubscription, message: PushMessage): Promise<PushOutcome> {
      try {
        await webPush.sendNotification(subscription, JSON.stringify(message), {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: WEB_PUSH_TTL_SECONDS,
          urgency: 'high',
          topic: topicOfTag(message.tag),
          timeout: timeoutMs,
          ...(agent ? { agent } : {}),
        });
        return 'sent';
      } catch (error) {
        if (error instanceof webPush.WebPushError && goneStatuses.has(error.statusCode)) return 'unregistered';
        throw error;
      }
    },
  };
}
