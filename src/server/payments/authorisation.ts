import type { components } from '../../api/schema.gen';
import { PAYMENT_DECLINED_MESSAGE } from '../../domain/paymentErrors';
import type { PaymentAuthorisation } from '../db/paymentRepository';
import type { PayPalAuthorization, PayPalError, PayPalMoney, PayPalOrder } from './payPalClient';

// What authoriseCapture accepts from PayPal before the customer's money is held and the order placed (docs/payments.md),
// and what the customer is told otherwise. The browser shows "Your PayPal account is not verified." for the first
// message below and "There was an external PayPal issue." for any other (SPEC §8); the others are kept in the
// payment error log and read by staff.

type PayPalErrorMode = components['schemas']['PayPalErrorMode'];

/** SPEC §8's wording, which the browser recognises. */
export const UNVERIFIED_ACCOUNT_MESSAGE = 'PayPay User Unverified';
export const CARD_NOT_VERIFIED_MESSAGE = 'Your card could not be verified. Please try another card or pay with PayPal.';
export const AMOUNT_CHANGED_MESSAGE = 'The amount to pay has changed. Please check your order and try again.';
export const DECLINED_MESSAGE = PAYMENT_DECLINED_MESSAGE;
export const NOT_APPROVED_MESSAGE = 'The payment was not approved at PayPal. Please try again.';
export const PAYPAL_UNAVAILABLE_MESSAGE = 'PayPal could not be reached to take the payment. Please try again.';
export const NOT_LINKED_MESSAGE = 'This PayPal payment is not the one waiting for your order. Please pay again.';

/** Why PayPal's money is not taken for the order, and what becomes of the basket's payment. */
export interface PaymentRefusal {
  errorMessage: string;
  errorMode: PayPalErrorMode;
  /** For the payment error log. */
  details: string;
  /**
   * `failed`: PayPal refused and holds nothing. `linked`: nothing is known to be held (PayPal did not answer, or
   * was not asked to authorise), so reconciliation asks PayPal again later.
   */
  paymentState: 'failed' | 'linked';
}

/** The customer's liability shifts after 3-D Secure with which PayPal bears the risk of a card payment. */
const ACCEPTED_LIABILITY_SHIFTS: readonly string[] = ['POSSIBLE', 'YES'];

/**
 * The PayPal-Request-Id of authorising a basket's PayPal order: the same for every try and every server, so PayPal
 * authorises it once. The PayPal order is part of it because a basket whose payment failed is paid with a new one,
 * and PayPal answers a reused id with the first answer, whatever the order.
 */
export function authorizeRequestId(basketId: string, payPalOrderId: string): string {
  return `authorize-${basketId}-${payPalOrderId}`;
}

/** PayPal's "12.50" in pence; undefined for anything but pounds with at most two decimals. */
export function penceOf(value: string): number | undefined {
  const amount = /^([0-9]{1,10})(?:\.([0-9]{1,2}))?$/.exec(value);
  if (amount === null) return undefined;
  return Number(amount[1]) * 100 + Number((amount[2] ?? '').padEnd(2, '0'));
}

/** The refusal when `paid` is not exactly `totalPence` in pounds sterling. */
export function amountRefusal(paid: PayPalMoney, totalPence: number): PaymentRefusal | undefined {
  if (paid.currency_code === 'GBP' && penceOf(paid.value) === totalPence) return undefined;
  return {
    errorMessage: AMOUNT_CHANGED_MESSAGE,
    errorMode: 'AuthorisationAndCaptureError',
    details: `PayPal's amount is ${paid.currency_code} ${paid.value}; the order's total is ${totalPence} pence`,
    paymentState: 'failed',
  };
}

/** Whether the customer paid by card or with a PayPal account, as PayPal's order says. */
export function fundingSourceOf(order: PayPalOrder): PaymentAuthorisation['fundingSource'] {
  return order.payment_source?.card === undefined ? 'paypal' : 'card';
}

/** The authorisation PayPal already holds for the order (a previous try made it), if any. */
export function authorisationOf(order: PayPalOrder): PayPalAuthorization | undefined {
  return order.purchase_units[0]?.payments?.authorizations?.[0];
}

/**
 * Why the PayPal order, as PayPal answers it before authorising, must not be authorised for a basket whose total is
 * `totalPence`: not approved by the payer; an unverified PayPal account; a card whose 3-D Secure check left the risk
 * with the restaurant; an amount other than the total, or more than one purchase.
 */
export function approvalRefusal(order: PayPalOrder, totalPence: number): PaymentRefusal | undefined {
  const alreadyAuthorised = order.status === 'COMPLETED' && authorisationOf(order) !== undefined;
  if (order.status !== 'APPROVED' && !alreadyAuthorised) {
    return { errorMessage: NOT_APPROVED_MESSAGE, errorMode: 'AuthorisationAndCaptureError', details: `PayPal order ${order.id} is ${order.status}`, paymentState: 'linked' };
  }
  if (order.payment_source?.paypal?.account_status === 'UNVERIFIED') {
    return { errorMessage: UNVERIFIED_ACCOUNT_MESSAGE, errorMode: 'UnconfirmedPayPalAccount', details: 'The PayPal account is UNVERIFIED', paymentState: 'failed' };
  }
  const card = order.payment_source?.card;
  if (card !== undefined) {
    const liabilityShift = card.authentication_result?.liability_shift;
    if (liabilityShift === undefined || !ACCEPTED_LIABILITY_SHIFTS.includes(liabilityShift)) {
      const secure = card.authentication_result?.three_d_secure;
      return {
        errorMessage: CARD_NOT_VERIFIED_MESSAGE,
        errorMode: 'AuthorisationAndCaptureError',
        details: `3-D Secure left liability shift ${liabilityShift ?? 'absent'} (enrolment ${secure?.enrollment_status ?? '-'}, authentication ${secure?.authentication_status ?? '-'})`,
        paymentState: 'failed',
      };
    }
  }
  if (order.purchase_units.length !== 1) {
    return {
      errorMessage: AMOUNT_CHANGED_MESSAGE,
      errorMode: 'AuthorisationAndCaptureError',
      details: `PayPal order ${order.id} has ${order.purchase_units.length} purchases`,
      paymentState: 'failed',
    };
  }
  return amountRefusal(order.purchase_units[0].amount, totalPence);
}

/**
 * What PayPal authorised for a basket whose total is `totalPence`, or why it holds nothing usable: an order may be
 * COMPLETED with its authorisation DENIED, so the authorisation's own status decides.
 */
export function heldAuthorisation(
  order: PayPalOrder,
  totalPence: number,
): { held: PaymentAuthorisation; refusal?: undefined } | { refusal: PaymentRefusal; held?: undefined } {
  const authorisation = authorisationOf(order);
  if (authorisation?.status === 'DENIED') {
    return { refusal: { errorMessage: DECLINED_MESSAGE, errorMode: 'AuthorisationAndCaptureError', details: `Authorisation ${authorisation.id} was DENIED`, paymentState: 'failed' } };
  }
  if (authorisation?.status !== 'CREATED') {
    return {
      refusal: {
        errorMessage: NOT_APPROVED_MESSAGE,
        errorMode: 'AuthorisationAndCaptureError',
        details: authorisation === undefined ? `PayPal order ${order.id} was answered without an authorisation` : `Authorisation ${authorisation.id} is ${authorisation.status}`,
        paymentState: 'failed',
      },
    };
  }
  const refusal = amountRefusal(authorisation.amount, totalPence);
  if (refusal !== undefined) return { refusal };
  return { held: { payPalOrderId: order.id, authorizationId: authorisation.id, amountPence: totalPence, fundingSource: fundingSourceOf(order) } };
}

/**
 * A PayPal call that failed while looking the order up (`lookUp`) or authorising it (`authorise`). Nothing is held
 * after a refusal; after no answer (`unavailable`, `timeout`) an authorisation may have happened, which
 * reconciliation or the customer's next try (the same PayPal-Request-Id) finds.
 */
export function payPalErrorRefusal(error: PayPalError, step: 'lookUp' | 'authorise'): PaymentRefusal {
  const details = `${error.message}${error.debugId === undefined ? '' : ` (debug id ${error.debugId})`}`;
  const answered = error.kind !== 'unavailable' && error.kind !== 'timeout';
  const paymentState = step === 'authorise' && answered ? 'failed' : 'linked';
  if (error.kind === 'unverified') return { errorMessage: UNVERIFIED_ACCOUNT_MESSAGE, errorMode: 'UnconfirmedPayPalAccount', details, paymentState };
  if (error.kind === 'declined') return { errorMessage: DECLINED_MESSAGE, errorMode: 'AuthorisationAndCaptureError', details, paymentState };
  return {
    errorMessage: answered ? NOT_APPROVED_MESSAGE : PAYPAL_UNAVAILABLE_MESSAGE,
    errorMode: 'AuthorisationAndCaptureError',
    details,
    paymentState,
  };
}
