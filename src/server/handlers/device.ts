import { registerDeviceForOrder, registerWebPushSubscriptionForOrder, stopNotificationsForOrder } from '../services/devices';
import type { HandlerMap } from './handlerTypes';

// Where an order's notifications go (docs/notifications.md); the use-cases are services/devices.ts.

export const deviceHandlers: Pick<HandlerMap, 'setDeviceToken' | 'setWebPushSubscription' | 'stopNotifications'> = {
  async setDeviceToken(request) {
    const { orderBuilderId, deviceToken } = request.body;
    await registerDeviceForOrder(request.server, orderBuilderId, deviceToken);
    return { data: { registered: true } };
  },

  async setWebPushSubscription(request) {
    const { orderBuilderId, subscription } = request.body;
    const { endpoint, keys } = subscription;
    await registerWebPushSubscriptionForOrder(request.server, orderBuilderId, { endpoint, keys });
    return { data: { registered: true } };
  },

  async stopNotifications(request) {
    await stopNotificationsForOrder(request.server, request.params.basketId);
    return { data: { notificationsStopped: true } };
  },
};
