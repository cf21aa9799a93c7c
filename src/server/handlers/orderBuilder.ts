import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

type OrderBuilderOperation =
  | 'createOrderBuilder'
  | 'checkDelivery'
  | 'updateOrder'
  | 'confirmOrder'
  | 'confirmOrderAuth'
  | 'createAcceptance'
  | 'getAcceptanceDetails'
  | 'cancelOrder';

// The ordering issue builds these; until then the contract answers 501.
export const orderBuilderHandlers: Pick<HandlerMap, OrderBuilderOperation> = {
  createOrderBuilder: () => notAvailableYet('createOrderBuilder'),
  checkDelivery: () => notAvailableYet('checkDelivery'),
  updateOrder: () => notAvailableYet('updateOrder'),
  confirmOrder: () => notAvailableYet('confirmOrder'),
  confirmOrderAuth: () => notAvailableYet('confirmOrderAuth'),
  createAcceptance: () => notAvailableYet('createAcceptance'),
  getAcceptanceDetails: () => notAvailableYet('getAcceptanceDetails'),
  cancelOrder: () => notAvailableYet('cancelOrder'),
};
