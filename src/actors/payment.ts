import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import {
  paymentMachine,
  type AuthorisedPayment,
  type AuthoriseCaptureRequest,
  type PayPalOrderLink,
  type PaymentErrorData,
} from '../../machines/payment/paymentMachine';
import { PaymentType } from '../domain/orderEnums';
import { callApi, type ApiClient } from '../api/client';
import { dataOf, type BasketActor } from './basket';

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

export type PaymentActor = Actor<typeof paymentMachine>;

/**
 * The app's payment actor. Paying in cash instead goes through the basket statechart (CHOOSE_PAYMENT, then its update);
 * once authorise-capture has confirmed the order, the basket hears of it (ORDER_PAID) and goes on as a cash confirmation does.
 */
export function createPaymentActor({ api, basket }: { api: ApiClient; basket: BasketActor }): PaymentActor {
  const payInCash = async () => {
    basket.send({ type: 'CHOOSE_PAYMENT', paymentType: PaymentType.CashOrder });
    // Saved, or refused: a refused update is told on /paymentIssue at once, not after the cash time limit.
    const saved = await waitFor(basket, (snapshot) => snapshot.matches({ sync: 'idle' }) || snapshot.matches({ sync: 'failed' }));
    if (saved.context.error !== undefined) throw saved.context.error;
  };
  const payment = createActor(paymentMachine.provide({ actors: paymentActors({ api, payInCash }) }), { input: {} });
  payment.subscribe((snapshot) => {
    const { orderRef } = snapshot.context;
    if (snapshot.hasTag('paid') && orderRef !== undefined && basket.getSnapshot().context.orderRef !== orderRef) {
      basket.send({ type: 'ORDER_PAID', orderRef });
    }
  });
  return payment.start();
}
