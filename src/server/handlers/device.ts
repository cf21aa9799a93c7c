import { ORDER_NOT_FOUND_MESSAGE } from '../domain/acceptance';
import type { RegistrationOutcome } from '../db/notificationRepository';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';

// Where an order's notifications go (docs/notifications.md). The basket id is the capability: only the app or browser
// that ordered holds it, so nobody attaches a token to someone else's order, and an unknown one is refused.

export const NOT_A_PUSH_SERVICE_MESSAGE = "is not a browser's push service";

function refuseUnknownBasket(outcome: RegistrationOutcome): void {
  if (outcome === 'missing') throw new ApiError(400, ORDER_NOT_FOUND_MESSAGE);
}

export const deviceHandlers: Pick<HandlerMap, 'setDeviceToken' | 'setWebPushSubscription' | 'stopNotifications'> = {
  async setDeviceToken(request) {
    const { orderBuilderId, deviceToken } = request.body;
    const now = request.server.clock().toISOString();
    refuseUnknownBasket(await request.server.repositories.notifications.addDeviceToken(orderBuilderId, deviceToken, now));
    return { data: { registered: true } };
  },

  async setWebPushSubscription(request) {
    const { orderBuilderId, subscription } = request.body;
    const now = request.server.clock().toISOString();
    const { endpoint, keys } = subscription;
    if (!request.server.isPushServiceAllowed(endpoint)) {
      throw new ApiError(400, null, [{ field: 'subscription.endpoint', message: NOT_A_PUSH_SERVICE_MESSAGE }]);
    }
    refuseUnknownBasket(await request.server.repositories.notifications.addWebPushSubscription(orderBuilderId, { endpoint, keys }, now));
    return { data: { registered: true } };
  },

  async stopNotifications(request) {
    const now = request.server.clock().toISOString();
    refuseUnknownBasket(await request.server.repositories.notifications.stop(request.params.basketId, now));
    return { data: { notificationsStopped: true } };
  },
};
