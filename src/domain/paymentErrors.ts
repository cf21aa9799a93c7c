import type { components } from '../api/schema.gen';

// SPEC §4's PayPal error modes and SPEC §8's messages for them. The payment statechart chooses the mode, the issue
// screen shows its message, and the server speaks the same words where it answers or stores one.

export const PaymentErrorMode = {
  MissingOrderIdOrPayPalOrderId: 'MissingOrderIdOrPayPalOrderId',
  IssueCreatingPayPalBasketApi: 'IssueCreatingPayPalBasketApi',
  IssueLoggingPayPalError: 'IssueLoggingPayPalError',
  AuthorisationAndCaptureError: 'AuthorisationAndCaptureError',
  UnconfirmedPayPalAccount: 'UnconfirmedPayPalAccount',
  ScriptFailedToLoad: 'ScriptFailedToLoad',
} as const satisfies Record<string, components['schemas']['PayPalErrorMode']>;
/** A mode a customer can meet: SPEC's `NotSet` is the absence of one. */
export type PaymentErrorModeValue = (typeof PaymentErrorMode)[keyof typeof PaymentErrorMode];

export const ORDER_NOT_LOADED_MESSAGE = 'Your order was not loaded correctly.';
export const EXTERNAL_PAYPAL_ISSUE_MESSAGE = 'There was an external PayPal issue.';
export const PAYPAL_ACCOUNT_NOT_VERIFIED_MESSAGE = 'Your PayPal account is not verified.';
export const PAYPAL_FAILED_TO_LOAD_MESSAGE = 'PayPal failed to load correctly.';

const customerMessages: Record<PaymentErrorModeValue, string> = {
  MissingOrderIdOrPayPalOrderId: ORDER_NOT_LOADED_MESSAGE,
  IssueCreatingPayPalBasketApi: EXTERNAL_PAYPAL_ISSUE_MESSAGE,
  IssueLoggingPayPalError: EXTERNAL_PAYPAL_ISSUE_MESSAGE,
  AuthorisationAndCaptureError: EXTERNAL_PAYPAL_ISSUE_MESSAGE,
  UnconfirmedPayPalAccount: PAYPAL_ACCOUNT_NOT_VERIFIED_MESSAGE,
  ScriptFailedToLoad: PAYPAL_FAILED_TO_LOAD_MESSAGE,
};

/** What `/paymentIssue` tells the customer for a mode (SPEC §8). */
export function paymentErrorMessage(mode: PaymentErrorModeValue): string {
  return customerMessages[mode];
}

/**
 * authorise-capture's 400 errorMessage when the card or funding source was declined (PayPal's INSTRUMENT_DECLINED, or
 * an authorisation DENIED): the customer stays on /payment with it and pays another way (issue 30; not a SPEC §8 mode).
 */
export const PAYMENT_DECLINED_MESSAGE = 'Your card was declined. Try another card, PayPal, or pay with cash';

/** authorise-capture's 400 errorMessage for an unverified PayPal account, in SPEC's own spelling. */
export const PAYPAL_USER_UNVERIFIED_ERROR = 'PayPay User Unverified';

/** SPEC §8: how a script that failed to load is logged. */
export const SCRIPT_FAILED_TO_LOAD_LOG_MESSAGE = 'Failed to load the PayPal JS SDK script';

/** The `message` each mode is logged with through LogError (read by the restaurant's developers, not by customers). */
const logMessages: Record<PaymentErrorModeValue, string> = {
  MissingOrderIdOrPayPalOrderId: 'The basket id or the PayPal order id was missing',
  IssueCreatingPayPalBasketApi: 'The PayPal order could not be created or linked to the basket',
  IssueLoggingPayPalError: 'A PayPal error could not be logged',
  AuthorisationAndCaptureError: 'The PayPal order could not be authorised',
  UnconfirmedPayPalAccount: 'The PayPal account is not verified',
  ScriptFailedToLoad: SCRIPT_FAILED_TO_LOAD_LOG_MESSAGE,
};

export function paymentErrorLogMessage(mode: PaymentErrorModeValue): string {
  return logMessages[mode];
}
