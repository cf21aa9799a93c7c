import { describe, expect, it } from 'vitest';
import { AcceptanceStatus, KitchenStatus, OrderType, PaymentType, type KitchenStatusValue } from '../../src/domain/orderEnums';
import {
  acceptNewTime,
  acceptOrder,
  cancelOrder,
  proposeTime,
  refuseOrder,
  setKitchenStatus,
  type AcceptanceDecision,
  type AcceptanceState,
  type OrderAcceptance,
} from '../../src/server/domain/acceptance';
import { marksRefunded, moneyStepOf } from '../../src/server/domain/moneyFlow';
import { payPalRequestIdOf, retryDelayMs } from '../../src/server/payments/outboxWorker';

// Which acceptance change moves which money (docs/payments.md), on changes made by the acceptance decisions themselves.

const now = '2026-11-24T18:05:00.000Z';
const requested: OrderAcceptance = {
  basketId: 'basket',
  orderRef: 'order',
  orderNumber: 1,
  requestedAt: '2026-11-24T18:00:00.000Z',
  answerFrom: '2026-11-24T18:00:00.000Z',
  orderType: OrderType.Delivery,
  paymentType: PaymentType.InternetOrder,
  status: AcceptanceStatus.Requested,
  updateTime: '2026-11-24T18:45:00.000Z',
  proposedTime: null,
  refusalReason: null,
  cancelledAt: null,
  kitchenStatus: null,
  kitchenStatusChangedAt: null,
  unavailableLines: [],
};

function nextOf(decision: AcceptanceDecision): AcceptanceState {
  if ('errorMessage' in decision) throw new Error(decision.errorMessage);
  return decision.next;
}
const withState = (state: AcceptanceState): OrderAcceptance => ({ ...requested, ...state });
const accepted = withState(nextOf(acceptOrder(requested, now)));
const updated = withState(nextOf(proposeTime(requested, '2026-11-24T19:30:00.000Z', now)));
const inKitchen = (status: KitchenStatusValue, from: OrderAcceptance = accepted) => withState(nextOf(setKitchenStatus(from, status, now)));
const stepOf = (before: AcceptanceState, after: AcceptanceState) => moneyStepOf(before, after)?.operation;

describe('moneyStepOf', () => {
  it('captures the held money when the restaurant accepts, or the customer accepts its new time', () => {
    expect(moneyStepOf(requested, accepted)).toEqual({ operation: 'capture', from: ['authorised'], to: 'capture_due' });
    expect(stepOf(updated, nextOf(acceptNewTime(updated, now)))).toBe('capture');
  });

  it('releases the held money when the order falls through before acceptance', () => {
    const refusedOrder = nextOf(refuseOrder(requested, 'Closing early tonight'));
    expect(moneyStepOf(requested, refusedOrder)).toEqual({ operation: 'void', from: ['authorised'], to: 'void_due' });
    expect(stepOf(updated, nextOf(refuseOrder(updated, 'Too busy')))).toBe('void');
    expect(stepOf(requested, nextOf(cancelOrder(requested, now, '0113 000 0000')))).toBe('void');
    expect(stepOf(updated, nextOf(cancelOrder(updated, now, '0113 000 0000')))).toBe('void');
  });

  it('returns the taken money when an accepted order is cancelled or refunded from the dashboard, once', () => {
    const cancelled = inKitchen(KitchenStatus.Cancelled, inKitchen(KitchenStatus.Cooking));
    expect(moneyStepOf(inKitchen(KitchenStatus.Cooking), cancelled)).toEqual({
      operation: 'refund',
      from: ['capture_due', 'captured'],
      to: 'refund_due',
    });
    expect(stepOf(accepted, inKitchen(KitchenStatus.Cancelled))).toBe('refund');
    const completed = [KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.OutForDelivery, KitchenStatus.Completed].reduce(
      (order: OrderAcceptance, status) => inKitchen(status, order),
      accepted,
    );
    expect(stepOf(completed, inKitchen(KitchenStatus.Refunded, completed))).toBe('refund');
    // Cancelled then Refunded: the refund was queued when it was cancelled.
    expect(stepOf(cancelled, inKitchen(KitchenStatus.Refunded, cancelled))).toBeUndefined();
  });

  it('moves no money on the other changes', () => {
    expect(stepOf(requested, updated)).toBeUndefined();
    expect(stepOf(accepted, inKitchen(KitchenStatus.Cooking))).toBeUndefined();
    expect(stepOf(requested, requested)).toBeUndefined();
    expect(stepOf(accepted, accepted)).toBeUndefined();
  });
});

describe('marksRefunded', () => {
  it('marks the order PayPalRefunded when its kitchen status becomes Refunded, and only then', () => {
    const cancelled = inKitchen(KitchenStatus.Cancelled);
    const refunded = inKitchen(KitchenStatus.Refunded, cancelled);
    expect(marksRefunded(cancelled, refunded)).toBe(true);
    expect(marksRefunded(refunded, refunded)).toBe(false);
    expect(marksRefunded(accepted, cancelled)).toBe(false);
  });
});

describe('the outbox worker', () => {
  it('retries after 5 s, doubling up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  });

  it("names each step's PayPal request by its operation and basket", () => {
    expect(payPalRequestIdOf({ operation: 'refund', basketId: 'abc' })).toBe('refund-abc');
  });
});
