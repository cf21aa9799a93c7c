import type { DueDelivery, NotificationOutbox } from '../db/notificationRepository';
import type { Repositories } from '../db/repositories';
import { unavailableItemsOf } from '../services/orderViews';
import { pushMessageOf } from './moments';
import type { PushMessage } from './senders';

// The outbox worker's push for one delivery, on a phone or in a browser, written when it is sent (its times say their
// day relative to then). A thrown error is a failed send, tried again later.

export function createPushComposer(
  repositories: Pick<Repositories, 'restaurant' | 'orders' | 'acceptance'>,
  outbox: Pick<NotificationOutbox, 'orderOf'>,
  now: () => Date,
) {
  return async (delivery: DueDelivery): Promise<PushMessage> => {
    const order = await outbox.orderOf(delivery.basketId);
    if (order === undefined) throw new Error(`The order of basket ${delivery.basketId} is not confirmed, so there is nothing to tell`);
    const restaurant = await repositories.restaurant.getCoreData();
    if (restaurant === undefined) throw new Error('The restaurant is missing from the database');
    const unavailableItems = delivery.moment === 'refused' ? await refusedItemsOf(repositories, delivery.basketId) : [];
    return pushMessageOf(delivery.moment, delivery.detail, { ...order, restaurantName: restaurant.name, unavailableItems, madeAt: now() });
  };
}

/** The dishes the kitchen named when it refused the order, as the refusal email and page name them. */
async function refusedItemsOf(repositories: Pick<Repositories, 'orders' | 'acceptance'>, basketId: string): Promise<string[]> {
  const [basket, acceptance] = await Promise.all([repositories.orders.findBasket(basketId), repositories.acceptance.find({ basketId })]);
  return basket === undefined || acceptance === undefined ? [] : unavailableItemsOf(acceptance, basket);
}
