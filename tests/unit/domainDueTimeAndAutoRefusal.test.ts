import { describe, expect, it } from 'vitest';
import type { OrderAcceptance } from '../../src/server/domain/acceptance';
import {
  answerFromOf,
  autoRefusalReason,
  autoRefusalSweepIntervalMs,
  autoRefuseAt,
  closedUntil,
  isPreOrder,
  isTimedOut,
  refuseIfTimedOut,
  timedOutIfAnswerFrom,
} from '../../src/server/domain/autoRefusal';
import { dueTime, leadMinutesFor } from '../../src/server/domain/dueTime';
import { kitchenActorOf } from '../../src/server/domain/kitchenAccess';
import { demoWeek } from './demoWeek';

const leadMinutes = { collection: 20, delivery: 45 };
const confirmedAt = '2026-11-24T18:00:00.000Z';

describe('when an order is due', () => {
  it("is the customer's slot when one was chosen", () => {
    expect(dueTime({ asap: false, requestedTime: '2026-11-24T19:30:00+00:00', orderType: 2, confirmedAt }, leadMinutes)).toBe('2026-11-24T19:30:00.000Z');
  });

  it('is the confirmation time plus the lead time of the order type for ASAP', () => {
    expect(dueTime({ asap: true, requestedTime: null, orderType: 1, confirmedAt }, leadMinutes)).toBe('2026-11-24T18:20:00.000Z');
    expect(dueTime({ asap: true, requestedTime: null, orderType: 2, confirmedAt }, leadMinutes)).toBe('2026-11-24T18:45:00.000Z');
    // ASAP wins over a stale requested time.
    expect(dueTime({ asap: true, requestedTime: '2026-11-24T21:00:00Z', orderType: 1, confirmedAt }, leadMinutes)).toBe('2026-11-24T18:20:00.000Z');
  });

  it('takes the delivery lead time for delivery only', () => {
    expect([0, 1, 2].map((orderType) => leadMinutesFor(orderType as 0 | 1 | 2, leadMinutes))).toEqual([20, 20, 45]);
  });
});

describe('automatic refusal', () => {
  const requested: OrderAcceptance = {
    basketId: 'basket',
    orderRef: 'order',
    orderNumber: 1,
    requestedAt: confirmedAt,
    answerFrom: confirmedAt,
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
  const at = (seconds: number) => new Date(Date.parse(confirmedAt) + seconds * 1000);

  it('is due the timeout after the request, for Requested orders that are not cancelled', () => {
    expect(autoRefuseAt(requested, 600)).toBe('2026-11-24T18:10:00.000Z');
    expect(autoRefuseAt({ ...requested, status: 1 }, 600)).toBeNull();
    expect(autoRefuseAt({ ...requested, status: 2 }, 600)).toBeNull();
    expect(autoRefuseAt({ ...requested, cancelledAt: confirmedAt }, 600)).toBeNull();
  });

  it('refuses at the timeout, not a second before, with the reason naming the phone number', () => {
    expect(isTimedOut(requested, at(599), 600)).toBe(false);
    expect(isTimedOut(requested, at(600), 600)).toBe(true);
    const decision = refuseIfTimedOut(requested, at(600), 600, '0113 496 0123');
    expect(decision).toEqual({
      next: expect.objectContaining({ status: 3, refusalReason: 'The restaurant did not respond in time. Please order again or phone 0113 496 0123.' }),
    });
    expect(autoRefusalReason('0113 496 0123')).toBe('The restaurant did not respond in time. Please order again or phone 0113 496 0123.');
  });

  it('leaves an order that has not timed out as it is', () => {
    const decision = refuseIfTimedOut(requested, at(10), 600, '0113 496 0123');
    expect(decision).toEqual({ next: expect.objectContaining({ status: 0, refusalReason: null }) });
    expect(decision).not.toHaveProperty('next.basketId');
  });

  it('sweeps requests whose time to answer started at or before the timeout ago', () => {
    expect(timedOutIfAnswerFrom(at(600), 600)).toBe(confirmedAt);
  });

  it("counts from the start of the restaurant's time to answer, not from the request", () => {
    const preOrder = { ...requested, requestedAt: '2026-11-24T01:26:00.000Z', answerFrom: '2026-11-24T17:00:00.000Z' };
    expect(autoRefuseAt(preOrder, 600)).toBe('2026-11-24T17:10:00.000Z');
    expect(isTimedOut(preOrder, new Date('2026-11-24T17:09:59.000Z'), 600)).toBe(false);
    expect(isTimedOut(preOrder, new Date('2026-11-24T17:10:00.000Z'), 600)).toBe(true);
    expect(refuseIfTimedOut(preOrder, new Date('2026-11-24T16:00:00.000Z'), 600, '0113 496 0123')).toEqual({ next: expect.objectContaining({ status: 0 }) });
    expect(isPreOrder(preOrder)).toBe(true);
    expect(isPreOrder(requested)).toBe(false);
  });

  it('sweeps every 15 seconds, or every timeout when that is shorter', () => {
    expect(autoRefusalSweepIntervalMs(600)).toBe(15_000);
    expect(autoRefusalSweepIntervalMs(15)).toBe(15_000);
    expect(autoRefusalSweepIntervalMs(3)).toBe(3_000);
  });
});

// The demo week: Tuesday 24 November 2026 opens 17:00–22:30 (London keeps UTC in November), Monday is closed.
describe("when the restaurant's time to answer starts", () => {
  const answerFrom = (requestedAt: string, dueTime: string, specialDays = [] as { date: string; message: string; sessions: { opens: string; closes: string }[] }[]) =>
    answerFromOf({ requestedAt, dueTime, openingPeriods: demoWeek, specialDays });

  it('is at once for an order placed while open and due within the hour, as before', () => {
    expect(answerFrom('2026-11-24T18:00:00.000Z', '2026-11-24T18:20:00.000Z')).toBe('2026-11-24T18:00:00.000Z');
    expect(answerFrom('2026-11-24T18:00:00.000Z', '2026-11-24T19:00:00.000Z')).toBe('2026-11-24T18:00:00.000Z');
  });

  it('is the next opening for an order placed while closed', () => {
    // At 01:26 for 17:30: an hour before is 16:30, still closed.
    expect(answerFrom('2026-11-24T01:26:00.000Z', '2026-11-24T17:30:00.000Z')).toBe('2026-11-24T17:00:00.000Z');
    // On a closed Monday for Tuesday.
    expect(answerFrom('2026-11-23T12:00:00.000Z', '2026-11-24T17:30:00.000Z')).toBe('2026-11-24T17:00:00.000Z');
    // After closing time, for the next evening.
    expect(answerFrom('2026-11-24T23:00:00.000Z', '2026-11-25T18:30:00.000Z')).toBe('2026-11-25T17:30:00.000Z');
  });

  it('is an hour before the order is due for an order far ahead, or that day’s opening when later', () => {
    expect(answerFrom('2026-11-24T18:00:00.000Z', '2026-11-26T20:00:00.000Z')).toBe('2026-11-26T19:00:00.000Z');
    expect(answerFrom('2026-11-24T18:00:00.000Z', '2026-11-25T17:30:00.000Z')).toBe('2026-11-25T17:00:00.000Z');
    expect(answerFrom('2026-11-24T18:00:00.000Z', '2026-11-24T21:30:00.000Z')).toBe('2026-11-24T20:30:00.000Z');
  });

  it("skips a special day's closure", () => {
    const closedTuesday = [{ date: '2026-11-24', message: 'Closed for a family wedding', sessions: [] }];
    expect(answerFrom('2026-11-24T01:00:00.000Z', '2026-11-25T17:30:00.000Z', closedTuesday)).toBe('2026-11-25T17:00:00.000Z');
  });

  it('is the opening, with the restaurant closed until then, only when it waited for the restaurant to open', () => {
    const closedTuesday = [{ date: '2026-11-24', message: 'Closed for a family wedding', sessions: [] }];
    expect(closedUntil(answerFrom('2026-11-24T01:26:00.000Z', '2026-11-24T17:30:00.000Z'), demoWeek)).toBe(true);
    expect(closedUntil(answerFrom('2026-11-24T18:00:00.000Z', '2026-11-25T17:30:00.000Z'), demoWeek)).toBe(true);
    expect(closedUntil(answerFrom('2026-11-24T18:00:00.000Z', '2026-11-24T21:30:00.000Z'), demoWeek)).toBe(false);
    expect(closedUntil(answerFrom('2026-11-24T23:00:00.000Z', '2026-11-25T18:30:00.000Z'), demoWeek)).toBe(false);
    expect(closedUntil(answerFrom('2026-11-24T01:00:00.000Z', '2026-11-25T17:30:00.000Z', closedTuesday), demoWeek, closedTuesday)).toBe(true);
  });

  it('is at once when the restaurant has no opening ahead at all', () => {
    expect(answerFromOf({ requestedAt: '2026-11-24T01:26:00.000Z', dueTime: '2026-11-24T17:30:00.000Z', openingPeriods: [] })).toBe('2026-11-24T01:26:00.000Z');
  });
});

// Who may make the kitchen calls is declared in openapi.yaml and checked by the authorization hook (tests/api/authorization.test.ts).
describe('the actor of a kitchen change', () => {
  it('is the staff member, recorded by their sub', () => {
    expect(kitchenActorOf({ sub: 'abc' })).toBe('kitchen:abc');
  });

  it('cannot be made up when no caller was verified', () => {
    expect(() => kitchenActorOf(null)).toThrow(/without a caller/);
  });
});
