import { describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { PaymentErrorMode, paymentErrorLogMessage, paymentErrorMessage, PAYPAL_USER_UNVERIFIED_ERROR } from '../../src/domain/paymentErrors';

type ContractMode = components['schemas']['PayPalErrorMode'];

describe('PayPal error modes (SPEC §4) and their messages (SPEC §8)', () => {
  it('are the contract\'s modes, apart from NotSet', () => {
    const everyContractMode: Record<Exclude<ContractMode, 'NotSet'>, true> = {
      MissingOrderIdOrPayPalOrderId: true,
      IssueCreatingPayPalBasketApi: true,
      IssueLoggingPayPalError: true,
      AuthorisationAndCaptureError: true,
      UnconfirmedPayPalAccount: true,
      ScriptFailedToLoad: true,
    };
    expect(Object.values(PaymentErrorMode).sort()).toEqual(Object.keys(everyContractMode).sort());
  });

  it('tell the customer SPEC §8\'s exact words', () => {
    expect(paymentErrorMessage('MissingOrderIdOrPayPalOrderId')).toBe('Your order was not loaded correctly.');
    expect(paymentErrorMessage('IssueCreatingPayPalBasketApi')).toBe('There was an external PayPal issue.');
    expect(paymentErrorMessage('IssueLoggingPayPalError')).toBe('There was an external PayPal issue.');
    expect(paymentErrorMessage('AuthorisationAndCaptureError')).toBe('There was an external PayPal issue.');
    expect(paymentErrorMessage('UnconfirmedPayPalAccount')).toBe('Your PayPal account is not verified.');
    expect(paymentErrorMessage('ScriptFailedToLoad')).toBe('PayPal failed to load correctly.');
  });

  it('log a script that failed to load as SPEC §8 says, and every other mode with a message of its own', () => {
    expect(paymentErrorLogMessage('ScriptFailedToLoad')).toBe('Failed to load the PayPal JS SDK script');
    const logMessages = Object.values(PaymentErrorMode).map(paymentErrorLogMessage);
    expect(new Set(logMessages).size).toBe(logMessages.length);
  });

  it('keep the server\'s unverified-account error in SPEC\'s spelling', () => {
    expect(PAYPAL_USER_UNVERIFIED_ERROR).toBe('PayPay User Unverified');
  });
});
