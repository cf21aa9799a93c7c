import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

type KitchenOperation = 'listKitchenOrders' | 'acceptKitchenOrder' | 'proposeKitchenOrderTime' | 'refuseKitchenOrder' | 'setKitchenOrderStatus';

// Issue 4 builds these (docs/acceptance-and-kitchen.md); until then the contract answers 501.
export const kitchenHandlers: Pick<HandlerMap, KitchenOperation> = {
  listKitchenOrders: () => notAvailableYet('listKitchenOrders'),
  acceptKitchenOrder: () => notAvailableYet('acceptKitchenOrder'),
  proposeKitchenOrderTime: () => notAvailableYet('proposeKitchenOrderTime'),
  refuseKitchenOrder: () => notAvailableYet('refuseKitchenOrder'),
  setKitchenOrderStatus: () => notAvailableYet('setKitchenOrderStatus'),
};
