import { hasFallenThrough } from '../../domain/kitchenStatus';
import { AcceptanceStatus } from '../../domain/orderEnums';
import type { AcceptanceState } from './acceptance';

// When an order earns its points and when it gives its loyalty back (docs/accounts.md): its points are credited when
// the restaurant accepts it, not when it is confirmed, so that points (and the vouchers they make) cannot be spent on
// another order before this one is known to be real. An order that falls through returns the vouchers it used and
// loses the points it earned (src/domain/loyalty.ts's takeBackPoints), once, in the change's transaction.

/** Refused (by the restaurant or automatically), cancelled (by the customer or the kitchen), or refunded. */
export function orderHasFallenThrough(order: Pick<AcceptanceState, 'status' | 'cancelledAt' | 'kitchenStatus'>): boolean {
  return hasFallenThrough({ acceptanceStatus: order.status, cancelled: order.cancelledAt !== null, kitchenStatus: order.kitchenStatus });
}

/** Whether a change to an order makes it give its loyalty back: it has just fallen through. */
export function givesLoyaltyBack(before: AcceptanceState, after: AcceptanceState): boolean {
  return !orderHasFallenThrough(before) && orderHasFallenThrough(after);
}

/** Whether a change to an order makes it earn its points: the restaurant has just accepted it. */
export function earnsPoints(before: AcceptanceState, after: AcceptanceState): boolean {
  return before.status !== AcceptanceStatus.Accepted && after.status === AcceptanceStatus.Accepted && !orderHasFallenThrough(after);
}
