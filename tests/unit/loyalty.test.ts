import { describe, expect, it } from 'vitest';
import { creditPoints, pointsEarned, POINTS_PER_VOUCHER, POINTS_VOUCHER_TITLE, POINTS_VOUCHER_VALUE_PENCE, takeBackPoints } from '../../src/domain/loyalty';
import { formatGbp } from '../../src/domain/money';
import type { AcceptanceState } from '../../src/server/domain/acceptance';
import { givesLoyaltyBack, orderHasFallenThrough } from '../../src/server/domain/loyalty';
import { newLoyaltyId } from '../../src/server/domain/loyaltyIds';

// The loyalty rules docs/accounts.md sets.

describe('earning points', () => {
  it('earns 1 point per whole pound of the discounted item total', () => {
    expect(pointsEarned(0)).toBe(0);
    expect(pointsEarned(99)).toBe(0);
    expect(pointsEarned(100)).toBe(1);
    expect(pointsEarned(2999)).toBe(29);
  });

  it('turns every 100 points into a £5 points voucher, keeping the rest', () => {
    expect(creditPoints(60, 30)).toEqual({ balance: 90, newPointsVouchers: 0 });
    expect(creditPoints(90, 20)).toEqual({ balance: 10, newPointsVouchers: 1 });
    expect(creditPoints(50, 250)).toEqual({ balance: 0, newPointsVouchers: 3 });
    expect(POINTS_VOUCHER_TITLE).toBe(`${formatGbp(POINTS_VOUCHER_VALUE_PENCE).replace('.00', '')} off (${POINTS_PER_VOUCHER} points)`);
  });
});

describe('taking points back from an order that fell through', () => {
  it('takes them from the balance when it is enough', () => {
    expect(takeBackPoints(50, 20, 1)).toEqual({ balance: 30, withdrawnPointsVouchers: 0, pointsTaken: 20 });
  });

  it('withdraws unused points vouchers, 100 points each, when the balance is short', () => {
    expect(takeBackPoints(10, 20, 2)).toEqual({ balance: 90, withdrawnPointsVouchers: 1, pointsTaken: 20 });
    expect(takeBackPoints(0, 150, 2)).toEqual({ balance: 50, withdrawnPointsVouchers: 2, pointsTaken: 150 });
  });

  it('never goes below 0: what cannot be taken is forgiven', () => {
    expect(takeBackPoints(5, 30, 0)).toEqual({ balance: 0, withdrawnPointsVouchers: 0, pointsTaken: 5 });
    expect(takeBackPoints(0, 0, 3)).toEqual({ balance: 0, withdrawnPointsVouchers: 0, pointsTaken: 0 });
  });
});

describe('when an order gives its loyalty back', () => {
  const requested: AcceptanceState = {
    status: 0,
    updateTime: '2026-11-24T18:20:00.000Z',
    proposedTime: null,
    refusalReason: null,
    cancelledAt: null,
    kitchenStatus: null,
    kitchenStatusChangedAt: null,
    unavailableLines: [],
  };
  const accepted = { ...requested, status: 2 as const, kitchenStatus: 0 as const };

  it('is when it is refused, cancelled by the customer or the kitchen, or refunded', () => {
    expect(givesLoyaltyBack(requested, { ...requested, status: 3, refusalReason: 'Closed' })).toBe(true);
    expect(givesLoyaltyBack(requested, { ...requested, cancelledAt: '2026-11-24T18:05:00.000Z' })).toBe(true);
    expect(givesLoyaltyBack(accepted, { ...accepted, kitchenStatus: 4 })).toBe(true);
    expect(givesLoyaltyBack({ ...accepted, kitchenStatus: 6 }, { ...accepted, kitchenStatus: 5 })).toBe(true);
  });

  it('is not when it goes on, nor when one that has already fallen through changes again', () => {
    expect(givesLoyaltyBack(requested, accepted)).toBe(false);
    expect(givesLoyaltyBack(accepted, { ...accepted, kitchenStatus: 6 })).toBe(false);
    expect(givesLoyaltyBack({ ...accepted, kitchenStatus: 4 }, { ...accepted, kitchenStatus: 5 })).toBe(false);
    expect(orderHasFallenThrough({ ...accepted, kitchenStatus: 6 })).toBe(false);
  });
});

describe('loyalty identifiers', () => {
  it('are ten characters without look-alikes, in two groups of five', () => {
    for (let index = 0; index < 50; index += 1) expect(newLoyaltyId()).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{5}-[ACDEFGHJKMNPQRTUVWXY34679]{5}$/);
    let next = 0;
    expect(newLoyaltyId(() => next++)).toBe('ACDEF-GHJKM');
  });
});
