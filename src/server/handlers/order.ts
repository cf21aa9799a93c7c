import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

// The order-tracking issue builds these; until then the contract answers 501.
export const orderHandlers: Pick<HandlerMap, 'getActiveOrder' | 'getOrderDetails'> = {
  getActiveOrder: () => notAvailableYet('getActiveOrder'),
  getOrderDetails: () => notAvailableYet('getOrderDetails'),
};
