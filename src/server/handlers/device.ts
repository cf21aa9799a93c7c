import { ORDER_NOT_FOUND_MESSAGE } from '../domain/acceptance';
import type { RegistrationOutcome } from '../db/notificationRepository';
import { ApiError } from '../errors';
import { registerDevice, registerWebPushSubscription, stopNotifications } from '../services/devices';
import type { HandlerMap } from './handlerTypes';

// Where an order's notifications go (docs/notifications.md); the use-cases are services/devices.ts.

function refuseUnknownBasket(outcome: RegistrationOutcome): void {
  if (outcome === 'missing') throw new ApiError(400, ORDER_NOT_FOUND_MESSAGE);
}

export const deviceHandlers: Pick<HandlerMap, 'setDeviceToken' | 'setWebPushSubscription' | 'stopNotifications'> = {
  async setDeviceToken(request) {
    const { orderBuilderId, deviceToken } = request.body;
    refuseUnknownBasket(await registerDevice(request.server, orderBuilderId, deviceToken));
    return { data: { registered: true } };
  },

  async setWebPushSubscription(request) {
    const { orderBuilderId, subscription } = request.body;
    const { endpoint, keys } = subscription;
    refuseUnknownBasket(await registerWebPushSubscription(request.server, orderBuilderId, { endpoint, keys }));
    return { data: { registered: true } };
  },

  async stopNotifications(request) {
    refuseUnknownBasket(await stopNotifications(request.server, request.params.basketId));
    return { data: { notificationsStopped: true } };
  },
};
