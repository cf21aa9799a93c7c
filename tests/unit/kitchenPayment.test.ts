import { describe, expect, it } from 'vitest';
import { PaymentType } from '../../src/domain/orderEnums';
import { kitchenTicketPaymentOf, type TicketPaymentFacts } from '../../src/server/domain/kitchenPayment';

const held: TicketPaymentFacts = { paymentSource: 'paypal', state: 'authorised', honourOutcome: null, failingStep: undefined };

describe('kitchenTicketPaymentOf', () => {
  it('gives a cash order no money online', () => {
    expect(kitchenTicketPaymentOf(PaymentType.CashOrder, undefined, false)).toEqual({ method: 'cash', money: null, problem: null, honour: null });
  });

  it('names a phone order paid by card at the counter, with no money online', () => {
    expect(kitchenTicketPaymentOf(PaymentType.CashOrder, undefined, true)).toEqual({ method: 'cardOnCollection', money: null, problem: null, honour: null });
  });

  it('says where the money of each payment state is, and whether it was paid by card', () => {
    const moneyOf = (state: TicketPaymentFacts['state']) => kitchenTicketPaymentOf(PaymentType.InternetOrder, { ...held, state }, false).money;
    expect(
      (['authorised', 'capture_due', 'captured', 'void_due', 'voided', 'refund_due', 'refunded'] as const).map(moneyOf),
    ).toEqual(['held', 'taking', 'taken', 'releasing', 'released', 'returning', 'returned']);
    expect(kitchenTicketPaymentOf(PaymentType.InternetOrder, { ...held, paymentSource: 'card' }, false).method).toBe('card');
    expect(kitchenTicketPaymentOf(PaymentType.InternetOrder, held, false).method).toBe('paypal');
  });

  it('names a step PayPal has refused 3 times or more, with the first line of its last error', () => {
    const failing = (operation: 'capture' | 'void' | 'refund', attempts: number, lastError: string | null) =>
      kitchenTicketPaymentOf(PaymentType.InternetOrder, { ...held, failingStep: { operation, attempts, lastError } }, false).problem;
    expect(failing('capture', 2, 'PayPal answered 500')).toBeNull();
    expect(failing('capture', 3, 'PayPal answered 500\n  at capture')).toBe('PayPal has refused to take the money 3 times: PayPal answered 500');
    expect(failing('void', 4, 'timed out')).toBe('PayPal has refused to release the held money 4 times: timed out');
    expect(failing('refund', 3, null)).toBe('PayPal has refused to return the money 3 times');
  });
});
