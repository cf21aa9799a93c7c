import { storeDeviceToken, stopNotifications as stopQueuedNotifications, storeWebPushSubscription, type RegistrationOutcome } from '../db/notificationRepository';
import { ORDER_NOT_FOUND_MESSAGE } from '../domain/acceptance';
import { ApiError } from '../errors';
import type { WebPushSubscription } from '../domain/orderMoments';
import type { ServiceContext } from './serviceContext';

// Where an order's notifications go (docs/notifications.md). The basket id is the capability: only the app or browser
// that ordered holds it, so nobody attaches a token to someone else's order; an unknown one is refused (400).

export const NOT_A_PUSH_SERVICE_MESSAGE = "is not a browser's push service";

async function refuseUnknownBasket(outcome: Promise<RegistrationOutcome>): Promise<void> {
  if ((await outcome) === 'missing') throw new ApiError(400, ORDER_NOT_FOUND_MESSAGE);
}

// Each use-case answers what became of the order's notifications ('missing' for an unknown basket); the calls of the
// contract (`…ForOrder`, handlers/device.ts) refuse an unknown basket instead.

/** Registers a native app's device token for the order's notifications, lifting a stop. */
export function registerDevice({ repositories, clock }: ServiceContext, basketId: string, deviceToken: string): Promise<RegistrationOutcome> {
  const now = clock().toISOString();
  return repositories.inTransaction((transaction) => storeDeviceToken(transaction, basketId, deviceToken, now));
}

export function registerDeviceForOrder(context: ServiceContext, basketId: string, deviceToken: string): Promise<void> {
  return refuseUnknownBasket(registerDevice(context, basketId, deviceToken));
}

/**
 * Registers a browser's web push subscription for the order's notifications, lifting a stop. An endpoint that is not at a
 * push service this server sends to is refused (400) and nothing is written: the server is nobody's proxy.
 */
export function registerWebPushSubscription(
  { repositories, clock, isPushServiceAllowed }: ServiceContext & { isPushServiceAllowed(endpoint: string): boolean },
  basketId: string,
  subscription: WebPushSubscription,
): Promise<RegistrationOutcome> {
  if (!isPushServiceAllowed(subscription.endpoint)) {
    throw new ApiError(400, null, [{ field: 'subscription.endpoint', message: NOT_A_PUSH_SERVICE_MESSAGE }]);
  }
  const now = clock().toISOString();
  return repositories.inTransaction((transaction) => storeWebPushSubscription(transaction, basketId, subscription, now));
}

export async function registerWebPushSubscriptionForOrder(
  context: ServiceContext & { isPushServiceAllowed(endpoint: string): boolean },
  basketId: string,
  subscription: WebPushSubscription,
): Promise<void> {
  return refuseUnknownBasket(registerWebPushSubscription(context, basketId, subscription));
}

/** Stops the order's pushes: no more are queued, and those queued and not yet sent are dropped. Emails go on. */
export function stopNotifications({ repositories, clock }: ServiceContext, basketId: string): Promise<RegistrationOutcome> {
  const now = clock().toISOString();
  return repositories.inTransaction((transaction) => stopQueuedNotifications(transaction, basketId, now));
}

export function stopNotificationsForOrder(context: ServiceContext, basketId: string): Promise<void> {
  return refuseUnknownBasket(stopNotifications(context, basketId));
}
