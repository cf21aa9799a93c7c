import type { DueDelivery, NotificationOutbox } from '../db/notificationRepository';
import type { Repositories } from '../db/repositories';
import { pushMessageOf } from './moments';
import type { PushMessage } from './senders';

// The outbox worker's push for one delivery, on a phone or in a browser, written when it is sent. A thrown error is a
// failed send, tried again later.

export function createPushComposer(repositories: Pick<Repositories, 'restaurant'>, outbox: Pick<NotificationOutbox, 'orderOf'>) {
  return async (delivery: DueDelivery): Promise<PushMessage> => {
    const order = await outbox.orderOf(delivery.basketId);
    if (order === undefined) throw new Error(`The order of basket ${delivery.basketId} is not confirmed, so there is nothing to tell`);
    const restaurant = await repositories.restaurant.getCoreData();
    if (restaurant === undefined) throw new Error('The restaurant is missing from the database');
    return pushMessageOf(delivery.moment, delivery.detail, { ...order, restaurantName: restaurant.name });
  };
}
