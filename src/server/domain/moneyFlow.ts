import { AcceptanceStatus, KitchenStatus } from '../../domain/orderEnums';
import type { PaymentOperation, PaymentState } from '../db/schema';
import type { AcceptanceState } from './acceptance';

// Which acceptance change moves which money (docs/payments.md "Money that ends right"): the held money is taken when
// the restaurant accepts, released when the order falls through before that, and returned when an accepted order is
// cancelled or refunded from the dashboard. The step is queued in the acceptance change's own transaction.

/** A step to queue: the payment moves `from` one of these states `to` the due state, and `operation` goes to the outbox. */
export interface MoneyStep {
  operation: PaymentOperation;
  from: readonly PaymentState[];
  to: PaymentState;
}

const capture: MoneyStep = { operation: 'capture', from: ['authorised'], to: 'capture_due' };
const release: MoneyStep = { operation: 'void', from: ['authorised'], to: 'void_due' };
// A capture still due is refunded once it is done: the worker sends a basket's refund only after its capture.
const refund: MoneyStep = { operation: 'refund', from: ['capture_due', 'captured'], to: 'refund_due' };

const givenBack = (state: AcceptanceState) =>
  state.kitchenStatus === KitchenStatus.Cancelled || state.kitchenStatus === KitchenStatus.Refunded;
const fellThroughBeforeAcceptance = (state: AcceptanceState) =>
  state.kitchenStatus === null && (state.status === AcceptanceStatus.Refused || state.cancelledAt !== null);

/** The money step `before` → `after` causes, if any; whether the payment is in a state to take it is the caller's `from` check. */
export function moneyStepOf(before: AcceptanceState, after: AcceptanceState): MoneyStep | undefined {
  if (before.status !== AcceptanceStatus.Accepted && after.status === AcceptanceStatus.Accepted) return capture;
  if (!fellThroughBeforeAcceptance(before) && fellThroughBeforeAcceptance(after)) return release;
  if (!givenBack(before) && givenBack(after)) return refund;
  return undefined;
}

/** An order refunded from the dashboard is marked PayPalRefunded (basket status 8) as its refund is queued. */
export function marksRefunded(before: AcceptanceState, after: AcceptanceState): boolean {
  return before.kitchenStatus !== KitchenStatus.Refunded && after.kitchenStatus === KitchenStatus.Refunded;
}

/** PayPal honours an authorisation for 3 days; a capture after that may fail, so the money is held again first. */
export const PAYPAL_HONOUR_PERIOD_MS = 3 * 24 * 60 * 60 * 1000;

/** Whether the honour period of money held at `authorisedAt` has ended at `now` (docs/payments.md, "Orders for later"). */
export function honourPeriodEnded(authorisedAt: string, now: Date): boolean {
  return now.getTime() >= Date.parse(authorisedAt) + PAYPAL_HONOUR_PERIOD_MS;
}
