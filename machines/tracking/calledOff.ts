import { customerKitchenStatusText } from '../../src/domain/kitchenStatus';
import { isCalledOffByKitchen } from '../../src/domain/orderFinality';
import type { TrackingSnapshot } from './trackingMachine';

// Kept apart from the tracking statechart, which every start makes: only the confirmation page's chunk needs the
// kitchen's texts.

/**
 * What the customer reads of `orderId` once the kitchen has called it off after accepting it ("Your order has been
 * cancelled", "…refunded"), or undefined while it stands or is not the order tracked.
 */
export function calledOffTextOf(snapshot: TrackingSnapshot, orderId: string | undefined): string | undefined {
  const order = snapshot.context.orderId === orderId ? snapshot.context.order : undefined;
  return order !== undefined && isCalledOffByKitchen(order) ? customerKitchenStatusText(order.currentStatus, order.orderType) : undefined;
}
