import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

// The notifications issue builds these; until then the contract answers 501.
export const deviceHandlers: Pick<HandlerMap, 'setDeviceToken' | 'setWebPushSubscription' | 'stopNotifications'> = {
  setDeviceToken: () => notAvailableYet('setDeviceToken'),
  setWebPushSubscription: () => notAvailableYet('setWebPushSubscription'),
  stopNotifications: () => notAvailableYet('stopNotifications'),
};
