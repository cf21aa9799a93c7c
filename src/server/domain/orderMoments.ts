// What the notification outbox stores for an order's customer (docs/notifications.md): the moments they are told
// about, and the browsers' subscriptions to tell.

/** A moment of an order that its customer is told about. */
export const orderMoments = [
  'placed',
  'accepted',
  'timeProposed',
  'refused',
  'cancelled',
  'cooking',
  'readyToCollect',
  'outForDelivery',
  'completed',
  // PayPal refused to take the money held (its honour period ran out): the order is to be paid in cash instead.
  'cashInstead',
] as const;
export type OrderMoment = (typeof orderMoments)[number];

/** What the moment said when it happened (later changes do not rewrite an email already due). */
export interface MomentDetail {
  /** accepted: the agreed time; timeProposed: the restaurant's new time (ISO instants). */
  time?: string;
  /** refused: the restaurant's reason. */
  reason?: string;
}

/** A browser's PushSubscription as `toJSON()` gives it. */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
