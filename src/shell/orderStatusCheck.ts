import { readOrderInProgress, type StoredOrderInProgress } from '../platform/orderInProgressStorage';

/** Asks the acceptance or tracking actor to read the order again (src/actors/orderInProgress.ts). */
export type OrderStatusCheck = (order: StoredOrderInProgress) => void;

/**
 * Runs on every route change (SPEC §2): when an order is in progress (stored from confirmation until it is final),
 * has its status checked; with no order stored nothing happens.
 */
export function checkOrderInProgress(storage: Pick<Storage, 'getItem'>, checkStatus: OrderStatusCheck): boolean {
  const order = readOrderInProgress(storage);
  if (order === undefined) return false;
  checkStatus(order);
  return true;
}
