import { fromPromise } from 'xstate';
import type {
  AuthorisedPayment,
  AuthoriseCaptureRequest,
  PayPalOrderLink,
  PaymentErrorData,
} from '../../machines/payment/paymentMachine';
import { callApi, type ApiClient } from '../api/client';
import { dataOf } from './basket';

export interface PaymentActorOptions {
  api: ApiClient;
  /**
   * Sets the basket's paymentType to cash and updates the order (SPEC §4). The basket statechart owns the order and its
   * updates, so the app gives the way to ask it rather than this calling the order builder behind its back.
   */
  payInCash: (basketId: string) => Promise<unknown>;
}

/**
 * The real actors of the payment statechart: the payment calls of SPEC §7 through the API client (which sends the
 * signed-in customer's token with authorise-capture, so their basket is confirmed for them).
 */
export function paymentActors({ api, payInCash }: PaymentActorOptions) {
  return {
    createPayPalOrderLink: fromPromise<unknown, PayPalOrderLink>(({ input, signal }) =>
      dataOf(callApi(api.POST('/payment/createPayPalOrderLink', { body: input, signal }), signal)),
    ),
    authoriseCapture: fromPromise<AuthorisedPayment, AuthoriseCaptureRequest>(({ input, signal }) =>
      dataOf(callApi(api.POST('/payment/authorise-capture', { body: input, signal }), signal)),
    ),
    logError: fromPromise<unknown, PaymentErrorData>(({ input, signal }) =>
      dataOf(callApi(api.POST('/payment/LogError', { body: input, signal }), signal)),
    ),
    convertToCash: fromPromise<unknown, { basketId: string }>(({ input }) => payInCash(input.basketId)),
  };
}
