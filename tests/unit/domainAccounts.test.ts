import { describe, expect, it } from 'vitest';
import { newAccountOrderDecision, type HeldVoucher, type OrderForNewAccount } from '../../src/server/domain/account';
import { chooseVouchers, discountsHaveChanged, entitlementOf, voucherRefusal, type StoredDiscounts } from '../../src/server/domain/vouchers';

// Which vouchers a customer may use, whether a basket's discounts still hold at confirmation, and which order a new
// account may claim (docs/accounts.md).

const TUESDAY = 2;
const FRIDAY = 5;

const voucher = (changes: Partial<HeldVoucher> = {}): HeldVoucher => ({
  voucherId: 7,
  voucherType: 1,
  title: '£3 off your order',
  valuePence: 300,
  percent: 0,
  validDay: null,
  usedByBasketId: null,
  withdrawn: false,
  ...changes,
});
const fridayVoucher = voucher({ voucherId: 9, voucherType: 3, title: '15% off on Fridays', valuePence: 0, percent: 15, validDay: FRIDAY });

describe('the vouchers a customer may use', () => {
  it('refuses one they do not hold (or that was withdrawn) alike, a used one, and a day voucher on another day', () => {
    expect(voucherRefusal(undefined, TUESDAY)).toBe('is not one of your vouchers');
    expect(voucherRefusal(voucher({ withdrawn: true }), TUESDAY)).toBe('is not one of your vouchers');
    expect(voucherRefusal(voucher({ usedByBasketId: 'another' }), TUESDAY)).toBe('has already been used');
    expect(voucherRefusal(fridayVoucher, TUESDAY)).toBe('can be used only on Fridays');
    expect(voucherRefusal(fridayVoucher, FRIDAY)).toBeUndefined();
    expect(voucherRefusal(voucher(), TUESDAY)).toBeUndefined();
  });

  it('names each refused voucher by its position, and a voucher listed twice', () => {
    expect(chooseVouchers([7, 8, 9, 7], [voucher(), fridayVoucher], TUESDAY)).toEqual({
      ok: false,
      failures: [
        { field: 'voucherItems[1].voucherId', message: 'is not one of your vouchers' },
        { field: 'voucherItems[2].voucherId', message: 'can be used only on Fridays' },
        { field: 'voucherItems[3].voucherId', message: 'is already on this order' },
      ],
    });
    expect(chooseVouchers([9, 7], [voucher(), fridayVoucher], FRIDAY)).toEqual({ ok: true, vouchers: [fridayVoucher, voucher()] });
  });

  it('prices them by their type', () => {
    expect(entitlementOf(10, [voucher(), voucher({ voucherType: 2, valuePence: 500 }), fridayVoucher])).toEqual({
      profilePercent: 10,
      vouchers: [
        { voucherType: 1, valuePence: 300 },
        { voucherType: 2, discountValuePence: 500 },
        { voucherType: 3, percent: 15 },
      ],
    });
  });
});

describe("whether a basket's discounts have changed by the time it is confirmed", () => {
  // £20.00 of items, 10 % profile (£2.00), 15 % on Fridays (£3.00), £3.00 off.
  const stored: StoredDiscounts = {
    originalItemCostPence: 2000,
    discountPercent: 10,
    profileDiscountPence: 200,
    discountPence: 800,
    vouchers: [
      { voucherId: 9, discountPence: 300 },
      { voucherId: 7, discountPence: 300 },
    ],
  };
  const held = [voucher(), fridayVoucher];

  it('holds when the account prices the same today', () => {
    expect(discountsHaveChanged(stored, { profilePercent: 10, vouchers: held }, FRIDAY)).toBe(false);
  });

  it('has changed when the profile discount, a voucher or the day is not what it was', () => {
    expect(discountsHaveChanged(stored, { profilePercent: 5, vouchers: held }, FRIDAY)).toBe(true);
    expect(discountsHaveChanged(stored, { profilePercent: 10, vouchers: [fridayVoucher] }, FRIDAY)).toBe(true);
    expect(discountsHaveChanged(stored, { profilePercent: 10, vouchers: [voucher({ usedByBasketId: 'other' }), fridayVoucher] }, FRIDAY)).toBe(true);
    expect(discountsHaveChanged(stored, { profilePercent: 10, vouchers: held }, TUESDAY)).toBe(true);
    expect(discountsHaveChanged({ ...stored, discountPence: 500, vouchers: [{ voucherId: 9, discountPence: 0 }, { voucherId: 7, discountPence: 300 }] }, { profilePercent: 10, vouchers: held }, FRIDAY)).toBe(true);
  });
});

describe('the order a new account may claim', () => {
  const caller = { sub: 'sub-a', email: 'grace@example.com' };
  const order: OrderForNewAccount = { accountSub: null, email: 'Grace@Example.com ', itemCostPence: 2750, fallenThrough: false, credited: false };

  it("grants a guest order placed with the caller's email its points, when the client claims exactly those", () => {
    expect(newAccountOrderDecision(order, caller, 27)).toEqual({ points: 27 });
    expect(newAccountOrderDecision({ ...order, accountSub: 'sub-a' }, caller, 27)).toEqual({ points: 27 });
    expect(newAccountOrderDecision({ ...order, fallenThrough: true }, caller, 0)).toEqual({ points: 0 });
  });

  it("refuses invented points, another's or an unknown order, and an order already credited", () => {
    expect(newAccountOrderDecision(order, caller, 5000)).toEqual({ failure: { field: 'points', message: 'must be 27, the points this order earns' } });
    const notTheirs = { failure: { field: 'orderRef', message: 'is not an order you placed with this email address' } };
    expect(newAccountOrderDecision(undefined, caller, 0)).toEqual(notTheirs);
    expect(newAccountOrderDecision({ ...order, email: 'someone@example.com' }, caller, 27)).toEqual(notTheirs);
    expect(newAccountOrderDecision({ ...order, accountSub: 'sub-b' }, caller, 27)).toEqual(notTheirs);
    expect(newAccountOrderDecision({ ...order, credited: true }, caller, 27)).toEqual({ failure: { field: 'orderRef', message: 'has already earned its points' } });
  });
});
