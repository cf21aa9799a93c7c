import { describe, expect, it } from 'vitest';
import { moneyOnCancel } from '../../src/domain/cancelMoney';
import { OrderType } from '../../src/domain/orderEnums';
import { cashInsteadNotice } from '../../src/domain/paymentLabels';

// What the customer's pages say of an order paid online whose payment fell back to cash (docs/payments.md): the
// tracking page asks for the cash, in the cashInstead email's words.

const fellBack = { method: 'paypal' as const, money: 'released' as const, amount: 1234.5, cashInstead: true };

describe("the tracking page's notice", () => {
  it('says nothing was charged and the cash to pay, to the driver or on collection', () => {
    expect(cashInsteadNotice({ orderType: OrderType.Delivery, payment: fellBack })).toEqual([
      'We could not take the online payment for your order, so you have not been charged.',
      'Please pay £1,234.50 in cash to the driver when your order is delivered.',
    ]);
    expect(cashInsteadNotice({ orderType: OrderType.Collection, payment: { ...fellBack, amount: 14 } })).toEqual([
      'We could not take the online payment for your order, so you have not been charged.',
      'Please pay £14.00 in cash when you collect your order.',
    ]);
  });

  it('is not shown for an order paid online as usual, a cash order, or an answer without the payment', () => {
    expect(cashInsteadNotice({ orderType: OrderType.Collection, payment: { ...fellBack, money: 'taken', cashInstead: false } })).toBeUndefined();
    expect(cashInsteadNotice({ orderType: OrderType.Collection, payment: { method: 'cash', money: null, amount: 14, cashInstead: false } })).toBeUndefined();
    expect(cashInsteadNotice({ orderType: OrderType.Collection })).toBeUndefined();
  });
});

describe('what cancelling did to the money', () => {
  it('says nothing was charged, not that money held was released or refunded', () => {
    expect(moneyOnCancel(fellBack)).toBe('Nothing has been charged: we could not take your online payment, and you were to pay in cash.');
    expect(moneyOnCancel({ ...fellBack, cashInstead: false })).toBe('The £1,234.50 held in your PayPal account has been released.');
  });
});
