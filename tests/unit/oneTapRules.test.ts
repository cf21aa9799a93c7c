import { describe, expect, it } from 'vitest';
import { moneyOnCancel } from '../../src/domain/cancelMoney';
import { unavailableItemsSentence } from '../../src/domain/orderRefusal';
import { voucherDayRefusal, voucherDays } from '../../src/domain/voucherDays';
import { voucherRefusal } from '../../src/server/domain/vouchers';

describe('what cancelling does to the money (docs/payments.md)', () => {
  it.each([
    [{ method: 'card', money: 'held', amount: 12.5 }, 'The £12.50 held on your card is released; it can take a few days to show.'],
    [{ method: 'paypal', money: 'held', amount: 12.5 }, 'The £12.50 held in your PayPal account is released; it can take a few days to show.'],
    [{ method: 'card', money: 'taken', amount: 8 }, 'The £8.00 taken from your card is refunded; it can take a few days to show.'],
    [{ method: 'paypal', money: 'returned', amount: 8 }, 'The £8.00 taken from your PayPal account has been refunded.'],
    [{ method: 'card', money: 'released', amount: 8 }, 'The £8.00 held on your card has been released.'],
    [{ method: 'cash', money: null, amount: 14 }, 'Nothing has been charged: you were paying in cash.'],
  ] as const)('%j: %s', (payment, text) => {
    expect(moneyOnCancel(payment)).toBe(text);
  });
});

describe('the dishes a refusal names', () => {
  it('names one, two or more dishes, and nothing when the kitchen named none', () => {
    expect(unavailableItemsSentence(['Salt & Pepper Chicken Wings'])).toBe('Sorry, Salt & Pepper Chicken Wings is unavailable');
    expect(unavailableItemsSentence(['Duck (Half)', 'Squid'])).toBe('Sorry, Duck (Half) and Squid are unavailable');
    expect(unavailableItemsSentence(['A', 'B', 'C'])).toBe('Sorry, A, B and C are unavailable');
    expect(unavailableItemsSentence([])).toBeUndefined();
  });
});

describe('a day-limited voucher: one rule for the server and the basket', () => {
  const friday = { voucherType: 3, validDay: 5 };
  it('takes off on its day only, and says when it does', () => {
    expect(voucherDays(friday)).toBe('Fridays');
    expect(voucherDayRefusal(friday, 5)).toBeUndefined();
    expect(voucherDayRefusal(friday, 0)).toBe('can be used only on Fridays');
    expect(voucherDayRefusal({ voucherType: 1 }, 0)).toBeUndefined();
  });

  it('is the rule the server prices with', () => {
    const held = { voucherId: 1, voucherType: 3 as const, title: '15% off on Fridays', valuePence: 0, percent: 15, validDay: 5, usedByBasketId: null, withdrawn: false };
    expect(voucherRefusal(held as never, 0)).toBe(voucherDayRefusal(friday, 0));
    expect(voucherRefusal(held as never, 5)).toBeUndefined();
  });
});
