// The channels through which the outbox tells a customer about their order (docs/notifications.md). Each sender
// does one send; the outbox worker decides what is due, retries with back-off and marks each delivery done, so a
// sender neither retries nor remembers. A thrown error is a failed send, tried again later.

import type { WebPushSubscription } from '../domain/orderMoments';

/** What a push notification says, on a phone (FCM) or in a browser (web push). */
export interface PushMessage {
  title: string;
  body: string;
  /** The site path the notification opens: the order's tracking page. */
  openPath: string;
  /** One per order: a later notification replaces an earlier one, and a repeated send shows once. */
  tag: string;
}

/** `unregistered`: the token or subscription is gone for good (the app was removed, permission withdrawn); drop it. */
export type PushOutcome = 'sent' | 'unregistered';

export interface NativePushSender {
  send(deviceToken: string, message: PushMessage): Promise<PushOutcome>;
}

export interface WebPushSender {
  send(subscription: WebPushSubscription, message: PushMessage): Promise<PushOutcome>;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every try of one delivery, so that a repeat after a crash is recognisable as one message. */
  messageId: string;
}

export interface MailSender {
  send(mail: Mail): Promise<void>;
}
