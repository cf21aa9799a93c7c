import { AcceptanceStatus, KitchenStatus } from '../../domain/orderEnums';
import type { AcceptanceState } from './acceptance';

// When a confirmed order gives its loyalty back (docs/accounts.md): the vouchers it used return to the customer and
// the points it earned are taken back (src/domain/loyalty.ts's takeBackPoints), once, in the change's transaction.

/** Refused (by the restaurant or automatically), cancelled (by the customer or the kitchen), or refunded. */
export function orderHasFallenThrough(order: Pick<AcceptanceState, 'status' | 'cancelledAt' | 'kitchenStatus'>): boolean {
  return (
    order.status === AcceptanceStatus.Refused ||
    order.cancelledAt !== null ||
    order.kitchenStatus === KitchenStatus.Cancelled ||
    order.kitchenStatus === KitchenStatus.Refunded
  );
}

/** Whether a change to an order makes it give its loyalty back: it has just fallen through. */
export function givesLoyaltyBack(before: AcceptanceState, after: AcceptanceState): boolean {
  return !orderHasFallenThrough(before) && orderHasFallenThrough(after);
}
