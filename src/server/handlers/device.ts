import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

// The push-notification issue builds this; until then the contract answers 501.
export const deviceHandlers: Pick<HandlerMap, 'setDeviceToken'> = {
  setDeviceToken: () => notAvailableYet('setDeviceToken'),
};
