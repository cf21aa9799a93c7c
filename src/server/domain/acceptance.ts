import { KITCHEN_STATUS_NAMES, allowedNextKitchenStatuses } from '../../domain/kitchenStatus';
import {
  AcceptanceStatus,
  KitchenStatus,
  type AcceptanceStatusValue,
  type KitchenStatusValue,
  type OrderTypeValue,
  type PaymentTypeValue,
} from '../../domain/orderEnums';

// What the restaurant and the customer may do to a confirmed order, and when (docs/acceptance-and-kitchen.md).
// Each call is a pure decision on the order as stored; the repository applies it in one transaction.

/** The part of an order that acceptance and the kitchen change. Times are ISO instants in UTC. */
export interface AcceptanceState {
  status: AcceptanceStatusValue;
  /** When the order is due: the customer's time, the restaurant's proposal once Updated, the agreed time once Accepted. */
  updateTime: string;
  proposedTime: string | null;
  refusalReason: string | null;
  cancelledAt: string | null;
  /** Null until the order is accepted. */
  kitchenStatus: KitchenStatusValue | null;
  kitchenStatusChangedAt: string | null;
  /** The 0-based lines the kitchen named as unavailable when it refused the order; empty otherwise. */
  unavailableLines: readonly number[];
}

export interface OrderAcceptance extends AcceptanceState {
  basketId: string;
  orderRef: string;
  /** The day's short number people read out ("Order 47"). */
  orderNumber: number;
  requestedAt: string;
  /** When the restaurant's time to answer starts (answerFromOf): later than requestedAt for a pre-order. */
  answerFrom: string;
  orderType: OrderTypeValue;
  paymentType: PaymentTypeValue;
}

/** A refusal (the order is left as it is) or the order's next state; a next state equal to the current one is a no-op. */
export type AcceptanceDecision = { errorMessage: string } | { next: AcceptanceState };

/** Who made a change, as the order's history records it. */
export type Actor = 'customer' | 'system' | `kitchen:${string}`;

export interface AcceptanceEvent {
  change: 'acceptanceStatus' | 'refusalReason' | 'kitchenStatus' | 'updateTime' | 'cancelled';
  from: string | null;
  to: string | null;
}

export const ORDER_NOT_FOUND_MESSAGE = 'We cannot find this order';
export const CUSTOMER_CANCELLED_MESSAGE = 'The customer has cancelled this order';
export const NOT_CONFIRMED_MESSAGE = 'This order has not been confirmed yet';
export const NEW_TIME_IN_PAST_MESSAGE = 'The new time must be in the future';

const ACCEPTANCE_STATUS_NAMES: Record<AcceptanceStatusValue, string> = {
  [AcceptanceStatus.Requested]: 'Requested',
  [AcceptanceStatus.Updated]: 'Updated',
  [AcceptanceStatus.Accepted]: 'Accepted',
  [AcceptanceStatus.Refused]: 'Refused',
};

const refused = (errorMessage: string): AcceptanceDecision => ({ errorMessage });
const unchanged = (order: AcceptanceState): AcceptanceDecision => ({ next: stateOf(order) });

export function stateOf(order: AcceptanceState): AcceptanceState {
  const { status, updateTime, proposedTime, refusalReason, cancelledAt, kitchenStatus, kitchenStatusChangedAt, unavailableLines } = order;
  return { status, updateTime, proposedTime, refusalReason, cancelledAt, kitchenStatus, kitchenStatusChangedAt, unavailableLines };
}

/** Why the restaurant cannot act on an order it has already settled, or undefined when it still can. */
function settledRefusal(order: AcceptanceState): string | undefined {
  if (order.cancelledAt !== null) return CUSTOMER_CANCELLED_MESSAGE;
  if (order.status === AcceptanceStatus.Refused) return 'This order has already been refused';
  if (order.status === AcceptanceStatus.Accepted) return 'This order has already been accepted';
  return undefined;
}

function accepted(order: AcceptanceState, updateTime: string, now: string): AcceptanceState {
  return { ...stateOf(order), status: AcceptanceStatus.Accepted, updateTime, kitchenStatus: KitchenStatus.Ordered, kitchenStatusChangedAt: now };
}

/** The kitchen accepts at the customer's time: Requested → Accepted; accepting again changes nothing. */
export function acceptOrder(order: AcceptanceState, now: string): AcceptanceDecision {
  if (order.status === AcceptanceStatus.Accepted) return unchanged(order);
  if (order.status === AcceptanceStatus.Updated && order.cancelledAt === null) {
    return refused('A new time has been proposed: the customer must accept it or cancel');
  }
  const settled = settledRefusal(order);
  if (settled !== undefined) return refused(settled);
  return { next: accepted(order, order.updateTime, now) };
}

/** The kitchen proposes a new time: Requested → Updated; proposing the same time again changes nothing. */
export function proposeTime(order: AcceptanceState, updateTime: string, now: string): AcceptanceDecision {
  const proposed = new Date(updateTime).toISOString();
  if (order.status === AcceptanceStatus.Updated && order.cancelledAt === null) {
    return order.proposedTime === proposed ? unchanged(order) : refused('A new time has already been proposed for this order');
  }
  const settled = settledRefusal(order);
  if (settled !== undefined) return refused(settled);
  if (Date.parse(proposed) <= Date.parse(now)) return refused(NEW_TIME_IN_PAST_MESSAGE);
  return { next: { ...stateOf(order), status: AcceptanceStatus.Updated, updateTime: proposed, proposedTime: proposed } };
}

/**
 * The kitchen refuses with a reason, naming the lines it cannot make if any: Requested or Updated → Refused; refusing
 * again changes nothing (the first reason and lines stay).
 */
export function refuseOrder(order: AcceptanceState, reason: string, unavailableLines: readonly number[] = []): AcceptanceDecision {
  if (order.status === AcceptanceStatus.Refused) return unchanged(order);
  const settled = settledRefusal(order);
  if (settled !== undefined) return refused(settled);
  return { next: { ...stateOf(order), status: AcceptanceStatus.Refused, refusalReason: reason, unavailableLines: [...unavailableLines].sort((a, b) => a - b) } };
}

export const PROPOSED_TIME_PASSED_MESSAGE = 'The time the restaurant proposed has passed: please cancel this order and order again, or phone the restaurant';

/** The customer accepts the restaurant's new time: Updated → Accepted at that time; again changes nothing. */
export function acceptNewTime(order: AcceptanceState, now: string): AcceptanceDecision {
  if (order.cancelledAt !== null) return refused('You have cancelled this order');
  if (order.status === AcceptanceStatus.Accepted) return unchanged(order);
  if (order.status === AcceptanceStatus.Refused) return refused('The restaurant could not accept your order');
  if (order.status === AcceptanceStatus.Requested || order.proposedTime === null) {
    return refused('The restaurant has not proposed a new time');
  }
  // An Updated order waits for the customer without a timeout: a page kept open past the time must not agree to it.
  if (Date.parse(order.proposedTime) <= Date.parse(now)) return refused(PROPOSED_TIME_PASSED_MESSAGE);
  return { next: accepted(order, order.proposedTime, now) };
}

export function alreadyAcceptedMessage(restaurantPhone: string): string {
  return `The restaurant has already accepted your order. Please phone ${restaurantPhone} to change it.`;
}

/** The customer cancels before the restaurant accepts: Requested or Updated → cancelled; again changes nothing. */
export function cancelOrder(order: AcceptanceState, now: string, restaurantPhone: string): AcceptanceDecision {
  if (order.cancelledAt !== null) return unchanged(order);
  if (order.status === AcceptanceStatus.Accepted) return refused(alreadyAcceptedMessage(restaurantPhone));
  if (order.status === AcceptanceStatus.Refused) return refused('The restaurant could not accept your order, so there is nothing to cancel');
  return { next: { ...stateOf(order), cancelledAt: now } };
}

/** The kitchen moves an accepted order along `allowedNextKitchenStatuses`; setting its current status changes nothing. */
export function setKitchenStatus(order: OrderAcceptance, to: KitchenStatusValue, now: string): AcceptanceDecision {
  const from = order.kitchenStatus;
  if (from === null) return refused(settledRefusal(order) ?? 'This order has not been accepted yet');
  if (from === to) return unchanged(order);
  if (!allowedNextKitchenStatuses(from, order.orderType, order.paymentType).includes(to)) {
    return refused(`An order that is ${KITCHEN_STATUS_NAMES[from]} cannot become ${KITCHEN_STATUS_NAMES[to]}`);
  }
  return { next: { ...stateOf(order), kitchenStatus: to, kitchenStatusChangedAt: now } };
}

/** What a decision changed, for the order's history; empty when it changed nothing. */
export function acceptanceEvents(before: AcceptanceState, after: AcceptanceState): AcceptanceEvent[] {
  const events: AcceptanceEvent[] = [];
  if (before.status !== after.status) {
    events.push({ change: 'acceptanceStatus', from: ACCEPTANCE_STATUS_NAMES[before.status], to: ACCEPTANCE_STATUS_NAMES[after.status] });
  }
  if (before.refusalReason !== after.refusalReason) {
    events.push({ change: 'refusalReason', from: before.refusalReason, to: after.refusalReason });
  }
  if (before.updateTime !== after.updateTime) events.push({ change: 'updateTime', from: before.updateTime, to: after.updateTime });
  if (before.cancelledAt !== after.cancelledAt) events.push({ change: 'cancelled', from: before.cancelledAt, to: after.cancelledAt });
  if (before.kitchenStatus !== after.kitchenStatus) {
    const name = (status: KitchenStatusValue | null) => (status === null ? null : KITCHEN_STATUS_NAMES[status]);
    events.push({ change: 'kitchenStatus', from: name(before.kitchenStatus), to: name(after.kitchenStatus) });
  }
  return events;
}

/** Whether a change accepts the order, which prints its tickets (docs/printing.md): the kitchen's answer, or the customer's yes to a new time. */
export function printsTickets(before: AcceptanceState, after: AcceptanceState): boolean {
  return before.status !== AcceptanceStatus.Accepted && after.status === AcceptanceStatus.Accepted;
}
