import { describe, expect, it } from 'vitest';
import {
  AMOUNT_CHANGED_MESSAGE,
  approvalRefusal,
  authorizeRequestId,
  CARD_NOT_VERIFIED_MESSAGE,
  DECLINED_MESSAGE,
  heldAuthorisation,
  NOT_APPROVED_MESSAGE,
  PAYPAL_UNAVAILABLE_MESSAGE,
  payPalErrorRefusal,
  penceOf,
  UNVERIFIED_ACCOUNT_MESSAGE,
} from '../../src/server/payments/authorisation';
import { PAYPAL_REQUEST_ID_MAX_LENGTH, PayPalError, type PayPalAuthorization, type PayPalOrder, type PayPalPaymentSource } from '../../src/server/payments/payPalClient';

const approved: PayPalOrder = {
  id: '5O190127TN364715T',
  status: 'APPROVED',
  intent: 'AUTHORIZE',
  payment_source: { paypal: { account_status: 'VERIFIED' } },
  purchase_units: [{ reference_id: 'basket', custom_id: 'basket', amount: { currency_code: 'GBP', value: '12.50' } }],
};
const paidBy = (paymentSource: PayPalPaymentSource): PayPalOrder => ({ ...approved, payment_source: paymentSource });
const card = (liabilityShift?: 'POSSIBLE' | 'NO' | 'UNKNOWN' | 'YES'): PayPalPaymentSource => ({
  card: { last_digits: '1111', brand: 'VISA', ...(liabilityShift === undefined ? {} : { authentication_result: { liability_shift: liabilityShift } }) },
});
const authorised = (status: PayPalAuthorization['status'], value = '12.50'): PayPalOrder => ({
  ...approved,
  status: 'COMPLETED',
  purchase_units: [{ ...approved.purchase_units[0], payments: { authorizations: [{ id: '0VF52814937998046', status, amount: { currency_code: 'GBP', value } }] } }],
});

describe('amounts in pence', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.07', 7],
    ['1000.99', 100099],
  ])('reads %s as %i pence', (value, pence) => {
    expect(penceOf(value)).toBe(pence);
  });

  it.each(['12.505', '-1.00', '1e3', '', ' 12.50', '12,50', '.50'])('refuses %j', (value) => {
    expect(penceOf(value)).toBeUndefined();
  });
});

describe('what PayPal must have approved before the money is held', () => {
  it('accepts an approved order of the exact total, paid by a verified account or a card PayPal bears the risk of', () => {
    expect(approvalRefusal(approved, 1250)).toBeUndefined();
    expect(approvalRefusal(paidBy(card('POSSIBLE')), 1250)).toBeUndefined();
    expect(approvalRefusal(paidBy(card('YES')), 1250)).toBeUndefined();
    // A previous try authorised it already: it is used again, not refused.
    expect(approvalRefusal(authorised('CREATED'), 1250)).toBeUndefined();
  });

  it.each<[string, PayPalOrder, string, string]>([
    ['an order the payer has not approved', { ...approved, status: 'CREATED' }, NOT_APPROVED_MESSAGE, 'linked'],
    ['a completed order without an authorisation', { ...approved, status: 'COMPLETED' }, NOT_APPROVED_MESSAGE, 'linked'],
    ['an unverified PayPal account', paidBy({ paypal: { account_status: 'UNVERIFIED' } }), UNVERIFIED_ACCOUNT_MESSAGE, 'failed'],
    ['a card whose 3-D Secure failed', paidBy(card('NO')), CARD_NOT_VERIFIED_MESSAGE, 'failed'],
    ['a card whose 3-D Secure outcome is unknown', paidBy(card('UNKNOWN')), CARD_NOT_VERIFIED_MESSAGE, 'failed'],
    ['a card without 3-D Secure', paidBy(card()), CARD_NOT_VERIFIED_MESSAGE, 'failed'],
    ['a penny less', { ...approved, purchase_units: [{ amount: { currency_code: 'GBP', value: '12.49' } }] }, AMOUNT_CHANGED_MESSAGE, 'failed'],
    ['another currency', { ...approved, purchase_units: [{ amount: { currency_code: 'EUR', value: '12.50' } }] }, AMOUNT_CHANGED_MESSAGE, 'failed'],
    ['two purchases', { ...approved, purchase_units: [approved.purchase_units[0], approved.purchase_units[0]] }, AMOUNT_CHANGED_MESSAGE, 'failed'],
  ])('refuses %s', (_case, order, errorMessage, paymentState) => {
    expect(approvalRefusal(order, 1250)).toMatchObject({ errorMessage, paymentState });
  });

  it('names the unverified account as its own error mode, and what differed in the amount', () => {
    expect(approvalRefusal(paidBy({ paypal: { account_status: 'UNVERIFIED' } }), 1250)?.errorMode).toBe('UnconfirmedPayPalAccount');
    expect(approvalRefusal(approved, 1300)).toEqual({
      errorMessage: AMOUNT_CHANGED_MESSAGE,
      errorMode: 'AuthorisationAndCaptureError',
      details: "PayPal's amount is GBP 12.50; the order's total is 1300 pence",
      paymentState: 'failed',
    });
  });
});

describe('what PayPal authorised', () => {
  it('holds a created authorisation of the exact total, paid as its payment source says', () => {
    expect(heldAuthorisation(authorised('CREATED'), 1250)).toEqual({
      held: { payPalOrderId: approved.id, authorizationId: '0VF52814937998046', amountPence: 1250, fundingSource: 'paypal' },
    });
    const byCard = { ...authorised('CREATED'), payment_source: { card: { last_digits: '1111', authentication_result: { liability_shift: 'POSSIBLE' as const } } } };
    expect(heldAuthorisation(byCard, 1250).held?.fundingSource).toBe('card');
  });

  it.each<[string, PayPalOrder, string]>([
    ['a denied authorisation of a completed order', authorised('DENIED'), DECLINED_MESSAGE],
    ['an authorisation pending review', authorised('PENDING'), NOT_APPROVED_MESSAGE],
    ['no authorisation at all', { ...approved, status: 'COMPLETED' }, NOT_APPROVED_MESSAGE],
    ['an authorisation of another amount', authorised('CREATED', '12.00'), AMOUNT_CHANGED_MESSAGE],
  ])('refuses %s, holding nothing', (_case, order, errorMessage) => {
    expect(heldAuthorisation(order, 1250)).toMatchObject({ refusal: { errorMessage, paymentState: 'failed' } });
  });
});

describe("PayPal's failures", () => {
  const failure = (kind: PayPalError['kind']) => new PayPalError(`PayPal refused it: ${kind}`, kind, kind === 'timeout' ? undefined : 422, 'ISSUE', 'debug-1');

  it.each<[PayPalError['kind'], string, string]>([
    ['declined', DECLINED_MESSAGE, 'failed'],
    ['unverified', UNVERIFIED_ACCOUNT_MESSAGE, 'failed'],
    ['unprocessable', NOT_APPROVED_MESSAGE, 'failed'],
    ['invalid', NOT_APPROVED_MESSAGE, 'failed'],
    ['unavailable', PAYPAL_UNAVAILABLE_MESSAGE, 'linked'],
    ['timeout', PAYPAL_UNAVAILABLE_MESSAGE, 'linked'],
  ])('authorising, %s is answered "%s" and leaves the payment %s', (kind, errorMessage, paymentState) => {
    expect(payPalErrorRefusal(failure(kind), 'authorise')).toMatchObject({ errorMessage, paymentState, details: `PayPal refused it: ${kind} (debug id debug-1)` });
  });

  it('leaves the payment linked after any failure to look the order up: nothing was asked to be authorised', () => {
    for (const kind of ['declined', 'invalid', 'unavailable', 'timeout'] as const) {
      expect(payPalErrorRefusal(failure(kind), 'lookUp').paymentState).toBe('linked');
    }
  });
});

describe('the request id of an authorisation', () => {
  it('is the same for every try of one PayPal order, differs for another, and fits PayPal\'s limit', () => {
    const basketId = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(authorizeRequestId(basketId, 'ORDER-1')).toBe(authorizeRequestId(basketId, 'ORDER-1'));
    expect(authorizeRequestId(basketId, 'ORDER-1')).not.toBe(authorizeRequestId(basketId, 'ORDER-2'));
    // The longest ids the contract lets through: a 22-character basket id and a 64-character PayPal order id.
    expect(authorizeRequestId(basketId, 'O'.repeat(64)).length).toBeLessThanOrEqual(PAYPAL_REQUEST_ID_MAX_LENGTH);
  });
});
