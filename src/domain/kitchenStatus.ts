import {
  AcceptanceStatus,
  KitchenStatus,
  OrderType,
  PaymentType,
  type AcceptanceStatusValue,
  type KitchenStatusValue,
  type OrderTypeValue,
  type PaymentTypeValue,
} from './orderEnums';

// The kitchen statuses' rules, shared by the server (which enforces them) and the kitchen dashboard and the
// tracking page (which show them); docs/acceptance-and-kitchen.md explains each choice.

/** Cooking moves forward one step at a time; OutForDelivery exists for delivery orders only. */
function forwardStep(current: KitchenStatusValue, orderType: OrderTypeValue): KitchenStatusValue | undefined {
  switch (current) {
    case KitchenStatus.Ordered:
      return KitchenStatus.Cooking;
    case KitchenStatus.Cooking:
      return KitchenStatus.ReadyForDispatch;
    case KitchenStatus.ReadyForDispatch:
      return orderType === OrderType.Delivery ? KitchenStatus.OutForDelivery : KitchenStatus.Completed;
    case KitchenStatus.OutForDelivery:
      return KitchenStatus.Completed;
    default:
      return undefined;
  }
}

const ACTIVE_KITCHEN_STATUSES: readonly KitchenStatusValue[] = [
  KitchenStatus.Ordered,
  KitchenStatus.Cooking,
  KitchenStatus.ReadyForDispatch,
  KitchenStatus.OutForDelivery,
];

export function isActiveKitchenStatus(status: KitchenStatusValue): boolean {
  return ACTIVE_KITCHEN_STATUSES.includes(status);
}

type OrderOnTicket = { acceptanceStatus: AcceptanceStatusValue; cancelled: boolean; kitchenStatus: KitchenStatusValue | null };

/**
 * Whether the order has fallen through: refused (by the restaurant or automatically), cancelled (by the customer or
 * the kitchen), or refunded. Such an order is out of the takings, gives its loyalty back and prints nothing more.
 */
export function hasFallenThrough(order: OrderOnTicket): boolean {
  return (
    order.acceptanceStatus === AcceptanceStatus.Refused ||
    order.cancelled ||
    order.kitchenStatus === KitchenStatus.Cancelled ||
    order.kitchenStatus === KitchenStatus.Refunded
  );
}

/**
 * Whether the order has a ticket in progress, the one Reprint prints again (docs/printing.md): accepted, not cancelled
 * by the customer, and its kitchen status still active. A cancelled, refunded or completed order prints nothing more;
 * the server refuses its reprint and the dashboard shows no Reprint button.
 */
export function hasTicketInProgress(order: OrderOnTicket): boolean {
  return order.acceptanceStatus === AcceptanceStatus.Accepted && !order.cancelled && order.kitchenStatus !== null && isActiveKitchenStatus(order.kitchenStatus);
}

/**
 * The statuses an accepted order may move to from `current`: the next cooking step; Cancelled from any active
 * status; Refunded from Cancelled or Completed, for orders paid online only (a cash order has nothing to refund).
 */
export function allowedNextKitchenStatuses(
  current: KitchenStatusValue,
  orderType: OrderTypeValue,
  paymentType: PaymentTypeValue,
): KitchenStatusValue[] {
  const next: KitchenStatusValue[] = [];
  const forward = forwardStep(current, orderType);
  if (forward !== undefined) next.push(forward);
  if (isActiveKitchenStatus(current)) next.push(KitchenStatus.Cancelled);
  const refundable = current === KitchenStatus.Cancelled || current === KitchenStatus.Completed;
  if (refundable && paymentType === PaymentType.InternetOrder) next.push(KitchenStatus.Refunded);
  return next;
}

export const KITCHEN_STATUS_NAMES: Record<KitchenStatusValue, string> = {
  [KitchenStatus.Ordered]: 'Ordered',
  [KitchenStatus.Cooking]: 'Cooking',
  [KitchenStatus.ReadyForDispatch]: 'Ready',
  [KitchenStatus.OutForDelivery]: 'Out for delivery',
  [KitchenStatus.Cancelled]: 'Cancelled',
  [KitchenStatus.Refunded]: 'Refunded',
  [KitchenStatus.Completed]: 'Completed',
};

/** What the tracking page tells the customer for each kitchen status (SPEC §4), by order type where it differs. */
export function customerKitchenStatusText(status: KitchenStatusValue, orderType: OrderTypeValue): string {
  const delivery = orderType === OrderType.Delivery;
  switch (status) {
    case KitchenStatus.Ordered:
      return 'Your order is in the queue';
    case KitchenStatus.Cooking:
      return 'Your order is in the kitchen';
    case KitchenStatus.ReadyForDispatch:
      return delivery ? 'Your order is having its quality check before it leaves' : 'Your order is ready to collect';
    case KitchenStatus.OutForDelivery:
      return 'Your order is on its way';
    case KitchenStatus.Cancelled:
      return 'Your order has been cancelled';
    case KitchenStatus.Refunded:
      return 'Your order has been refunded';
    case KitchenStatus.Completed:
      return delivery ? 'Your order has been delivered. Enjoy your meal!' : 'Your order has been collected. Enjoy your meal!';
  }
}
