/** Where the order journey records the order being tracked (set on confirmation, cleared when the order ends). */
export const IN_PROGRESS_ORDER_KEY = 'takeaway.inProgressOrderId';

export type OrderStatusCheck = (orderId: string) => Promise<void>;

/**
 * Runs on every route change (SPEC §2): when an order is in progress, checks its status. The
 * tracking issue supplies the check; with no order stored nothing happens.
 */
export async function checkOrderInProgress(storage: Pick<Storage, 'getItem'>, checkStatus: OrderStatusCheck): Promise<boolean> {
  const orderId = storage.getItem(IN_PROGRESS_ORDER_KEY);
  if (!orderId) return false;
  await checkStatus(orderId);
  return true;
}
