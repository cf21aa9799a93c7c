import { AcceptanceStatus, KitchenStatus, type AcceptanceStatusValue, type KitchenStatusValue } from './orderEnums';

// Apart from the kitchen statuses' rules (kitchenStatus.ts): the tracking statechart, made at every start, needs only
// this, and the rest stays in the tracking and kitchen pages' chunks.

/** Whether an order's progress can still change: tracking stops polling once it cannot. */
export function isFinalOrderState(order: { currentStatus: KitchenStatusValue; orderStatus: AcceptanceStatusValue; cancelled: boolean }): boolean {
  if (order.cancelled || order.orderStatus === AcceptanceStatus.Refused) return true;
  return order.currentStatus === KitchenStatus.Completed || isCalledOffByKitchen(order);
}

/** Whether the kitchen called the order off after accepting it (cancelled, then perhaps refunded): nothing is due. */
export function isCalledOffByKitchen(order: { currentStatus: KitchenStatusValue }): boolean {
  return order.currentStatus === KitchenStatus.Cancelled || order.currentStatus === KitchenStatus.Refunded;
}
