import { describe, expect, it } from 'vitest';
import {
  acceptanceEvents,
  acceptNewTime,
  acceptOrder,
  cancelOrder,
  proposeTime,
  refuseOrder,
  setKitchenStatus,
  type AcceptanceState,
  type OrderAcceptance,
} from '../../src/server/domain/acceptance';

const now = '2026-11-24T18:05:00.000Z';
const phone = '0113 496 0123';

const requested: OrderAcceptance = {
  basketId: 'basket',
  orderRef: 'order',
  orderNumber: 1,
  requestedAt: '2026-11-24T18:00:00.000Z',
  answerFrom: '2026-11-24T18:00:00.000Z',
  orderType: 1,
  paymentType: 1,
  status: 0,
  updateTime: '2026-11-24T18:20:00.000Z',
  proposedTime: null,
  refusalReason: null,
  cancelledAt: null,
  kitchenStatus: null,
  kitchenStatusChangedAt: null,
  unavailableLines: [],
};
const updated: OrderAcceptance = { ...requested, status: 1, updateTime: '2026-11-24T19:00:00.000Z', proposedTime: '2026-11-24T19:00:00.000Z' };
const accepted: OrderAcceptance = { ...requested, status: 2, kitchenStatus: 0, kitchenStatusChangedAt: now };
const refused: OrderAcceptance = { ...requested, status: 3, refusalReason: 'Closing early' };
const cancelled: OrderAcceptance = { ...requested, cancelledAt: now };

const nextOf = (decision: ReturnType<typeof acceptOrder>): AcceptanceState => {
  if ('errorMessage' in decision) throw new Error(`refused: ${decision.errorMessage}`);
  return decision.next;
};
const stateOnly = ({ basketId: _b, orderRef: _o, requestedAt: _r, answerFrom: _a, orderNumber: _n, orderType: _t, paymentType: _p, ...state }: OrderAcceptance): AcceptanceState => state;

describe('the kitchen accepting', () => {
  it('accepts a Requested order at its time, with kitchen status Ordered', () => {
    expect(nextOf(acceptOrder(requested, now))).toEqual({ ...stateOnly(requested), status: 2, kitchenStatus: 0, kitchenStatusChangedAt: now });
  });

  it('changes nothing for an accepted order', () => {
    expect(nextOf(acceptOrder(accepted, '2026-11-24T19:00:00.000Z'))).toEqual(stateOnly(accepted));
  });

  it.each([
    [updated, 'A new time has been proposed: the customer must accept it or cancel'],
    [refused, 'This order has already been refused'],
    [cancelled, 'The customer has cancelled this order'],
  ])('refuses %#', (order, errorMessage) => {
    expect(acceptOrder(order, now)).toEqual({ errorMessage });
  });
});

describe('the kitchen proposing a time', () => {
  it('moves a Requested order to Updated at the new time, normalised to UTC', () => {
    expect(nextOf(proposeTime(requested, '2026-11-24T19:30:00+00:00', now))).toMatchObject({
      status: 1,
      updateTime: '2026-11-24T19:30:00.000Z',
      proposedTime: '2026-11-24T19:30:00.000Z',
    });
  });

  it('refuses a time that is not in the future', () => {
    expect(proposeTime(requested, now, now)).toEqual({ errorMessage: 'The new time must be in the future' });
    expect(proposeTime(requested, '2026-11-24T18:00:00Z', now)).toEqual({ errorMessage: 'The new time must be in the future' });
  });

  it('changes nothing when the same time is proposed again, and refuses another', () => {
    expect(nextOf(proposeTime(updated, '2026-11-24T19:00:00Z', now))).toEqual(stateOnly(updated));
    expect(proposeTime(updated, '2026-11-24T19:15:00Z', now)).toEqual({ errorMessage: 'A new time has already been proposed for this order' });
  });

  it('refuses settled orders', () => {
    expect(proposeTime(accepted, '2026-11-24T19:15:00Z', now)).toEqual({ errorMessage: 'This order has already been accepted' });
    expect(proposeTime(cancelled, '2026-11-24T19:15:00Z', now)).toEqual({ errorMessage: 'The customer has cancelled this order' });
  });
});

describe('the kitchen refusing', () => {
  it('refuses Requested and Updated orders with the reason', () => {
    expect(nextOf(refuseOrder(requested, 'No drivers tonight'))).toMatchObject({ status: 3, refusalReason: 'No drivers tonight' });
    expect(nextOf(refuseOrder(updated, 'No drivers tonight'))).toMatchObject({ status: 3, refusalReason: 'No drivers tonight' });
  });

  it('changes nothing for a refused order, and refuses accepted and cancelled ones', () => {
    expect(nextOf(refuseOrder(refused, 'Another reason'))).toEqual(stateOnly(refused));
    expect(refuseOrder(accepted, 'Too late')).toEqual({ errorMessage: 'This order has already been accepted' });
    expect(refuseOrder(cancelled, 'Too late')).toEqual({ errorMessage: 'The customer has cancelled this order' });
  });
});

describe('the customer accepting the new time', () => {
  it('accepts an Updated order at the proposed time', () => {
    expect(nextOf(acceptNewTime(updated, now))).toMatchObject({ status: 2, updateTime: '2026-11-24T19:00:00.000Z', kitchenStatus: 0 });
  });

  it.each([
    [requested, 'The restaurant has not proposed a new time'],
    [refused, 'The restaurant could not accept your order'],
    [{ ...updated, cancelledAt: now }, 'You have cancelled this order'],
  ])('refuses %#', (order, errorMessage) => {
    expect(acceptNewTime(order, now)).toEqual({ errorMessage });
  });

  it('changes nothing once accepted', () => {
    expect(nextOf(acceptNewTime(accepted, now))).toEqual(stateOnly(accepted));
  });
});

describe('the customer cancelling', () => {
  it('cancels Requested and Updated orders, keeping their acceptance status', () => {
    expect(nextOf(cancelOrder(requested, now, phone))).toEqual({ ...stateOnly(requested), cancelledAt: now });
    expect(nextOf(cancelOrder(updated, now, phone))).toEqual({ ...stateOnly(updated), cancelledAt: now });
  });

  it('changes nothing when cancelled again', () => {
    expect(nextOf(cancelOrder(cancelled, '2026-11-24T18:30:00.000Z', phone))).toEqual(stateOnly(cancelled));
  });

  it('refuses once the restaurant has accepted, with its phone number, and once it has refused', () => {
    expect(cancelOrder(accepted, now, phone)).toEqual({
      errorMessage: 'The restaurant has already accepted your order. Please phone 0113 496 0123 to change it.',
    });
    expect(cancelOrder(refused, now, phone)).toEqual({ errorMessage: 'The restaurant could not accept your order, so there is nothing to cancel' });
  });
});

describe('the kitchen status', () => {
  it('moves along the shared rule and records when', () => {
    expect(nextOf(setKitchenStatus(accepted, 1, '2026-11-24T18:10:00.000Z'))).toMatchObject({ kitchenStatus: 1, kitchenStatusChangedAt: '2026-11-24T18:10:00.000Z' });
  });

  it('changes nothing when set to the status it has', () => {
    expect(nextOf(setKitchenStatus(accepted, 0, '2026-11-24T18:10:00.000Z'))).toEqual(stateOnly(accepted));
  });

  it('refuses a skip, a step back, and a delivery step on a collection order, in words', () => {
    expect(setKitchenStatus(accepted, 2, now)).toEqual({ errorMessage: 'An order that is Ordered cannot become Ready' });
    expect(setKitchenStatus({ ...accepted, kitchenStatus: 1 }, 0, now)).toEqual({ errorMessage: 'An order that is Cooking cannot become Ordered' });
    expect(setKitchenStatus({ ...accepted, kitchenStatus: 2 }, 3, now)).toEqual({ errorMessage: 'An order that is Ready cannot become Out for delivery' });
    expect(nextOf(setKitchenStatus({ ...accepted, orderType: 2, kitchenStatus: 2 }, 3, now))).toMatchObject({ kitchenStatus: 3 });
  });

  it('refunds only orders paid online', () => {
    expect(setKitchenStatus({ ...accepted, kitchenStatus: 6 }, 5, now)).toEqual({ errorMessage: 'An order that is Completed cannot become Refunded' });
    expect(nextOf(setKitchenStatus({ ...accepted, kitchenStatus: 6, paymentType: 2 }, 5, now))).toMatchObject({ kitchenStatus: 5 });
  });

  it('refuses orders that were never accepted, saying why', () => {
    expect(setKitchenStatus(requested, 1, now)).toEqual({ errorMessage: 'This order has not been accepted yet' });
    expect(setKitchenStatus(refused, 1, now)).toEqual({ errorMessage: 'This order has already been refused' });
    expect(setKitchenStatus(cancelled, 1, now)).toEqual({ errorMessage: 'The customer has cancelled this order' });
  });
});

describe('the history of a change', () => {
  it('names every field that changed, from and to', () => {
    expect(acceptanceEvents(requested, nextOf(acceptNewTime(updated, now)))).toEqual([
      { change: 'acceptanceStatus', from: 'Requested', to: 'Accepted' },
      { change: 'updateTime', from: '2026-11-24T18:20:00.000Z', to: '2026-11-24T19:00:00.000Z' },
      { change: 'kitchenStatus', from: null, to: 'Ordered' },
    ]);
    expect(acceptanceEvents(requested, nextOf(refuseOrder(requested, 'Closing early')))).toEqual([
      { change: 'acceptanceStatus', from: 'Requested', to: 'Refused' },
      { change: 'refusalReason', from: null, to: 'Closing early' },
    ]);
    expect(acceptanceEvents(requested, nextOf(cancelOrder(requested, now, phone)))).toEqual([{ change: 'cancelled', from: null, to: now }]);
  });

  it('is empty when nothing changed', () => {
    expect(acceptanceEvents(accepted, nextOf(acceptOrder(accepted, now)))).toEqual([]);
  });
});
