import { fromPromise } from 'xstate';
import type { AuthorisedPayment, AuthoriseCaptureRequest, PaymentErrorData, PayPalOrderLink } from './paymentTypes';

const notProvided = (name: string) => () => Promise.reject(new Error(`The ${name} actor was not provided`));

/**
 * The server calls the payment statechart makes: placeholders here, which the app (src/actors/payment.ts) and the tests
 * give with `paymentMachine.provide({ actors })`.
 */
export const paymentActors = {
  createPayPalOrderLink: fromPromise<unknown, PayPalOrderLink>(notProvided('createPayPalOrderLink')),
  authoriseCapture: fromPromise<AuthorisedPayment, AuthoriseCaptureRequest>(notProvided('authoriseCapture')),
  logError: fromPromise<unknown, PaymentErrorData>(notProvided('logError')),
  /** Sets paymentType 1 (cash) and updates the order (SPEC §4). */
  convertToCash: fromPromise<unknown, { basketId: string }>(notProvided('convertToCash')),
};
