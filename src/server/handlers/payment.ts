import type { FastifyInstance } from 'fastify';
import { releasedStates, type PaymentAuthorisation } from '../db/paymentRepository';
import { ApiError } from '../errors';
import {
  approvalRefusal,
  authorisationOf,
  authorizeRequestId,
  heldAuthorisation,
  NOT_LINKED_MESSAGE,
  payPalErrorRefusal,
  type PaymentRefusal,
} from '../payments/authorisation';
import { PayPalError, type PayPalOrder } from '../payments/payPalClient';
import type { HandlerMap } from './handlerTypes';
import { PAYMENT_RELEASED_MESSAGE } from '../domain/confirmation';
import { BASKET_CONFIRMED_MESSAGE, BASKET_MISSING_MESSAGE, confirmedOrder, type PlacedOrder } from '../services/orderConfirmation';

// SPEC §7's payment calls (docs/payments.md): the browser links the PayPal order its customer is approving to the
// basket, then asks the server to authorise it, which places the order in the same transaction as it records the
// money PayPal holds.

const linkRefusals = {
  missing: BASKET_MISSING_MESSAGE,
  confirmed: BASKET_CONFIRMED_MESSAGE,
  notOnline: 'Choose to pay online before paying with PayPal',
  settling: 'The payment for this order is already being processed',
  taken: 'This PayPal payment belongs to another order',
} as const;

/** Runs in flight, per server and per basket, PayPal order and caller: concurrent calls share one. */
const runsInFlight = new WeakMap<FastifyInstance, Map<string, Promise<PlacedOrder>>>();

function sharedRun(server: FastifyInstance, key: string, run: () => Promise<PlacedOrder>): Promise<PlacedOrder> {
  let runs = runsInFlight.get(server);
  if (runs === undefined) {
    runs = new Map();
    runsInFlight.set(server, runs);
  }
  const inFlight = runs.get(key);
  if (inFlight !== undefined) return inFlight;
  const started = run().finally(() => runs.delete(key));
  runs.set(key, started);
  return started;
}

class PaymentRefused extends Error {
  constructor(readonly refusal: PaymentRefusal) {
    super(refusal.errorMessage);
  }
}

/** PayPal's answer to `call`, or the refusal its failure means. */
async function askPayPal(call: () => Promise<PayPalOrder>, step: 'lookUp' | 'authorise'): Promise<PayPalOrder> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PayPalError) throw new PaymentRefused(payPalErrorRefusal(error, step));
    throw error;
  }
}

/** Looks the PayPal order up, checks it and has PayPal hold `totalPence` for it (once, whoever asks). */
async function authorise(server: FastifyInstance, basketId: string, payPalOrderId: string, totalPence: number): Promise<PaymentAuthorisation> {
  const order = await askPayPal(() => server.payPal.getOrder(payPalOrderId), 'lookUp');
  const notApproved = approvalRefusal(order, totalPence);
  if (notApproved !== undefined) throw new PaymentRefused(notApproved);
  // A previous try already authorised it: PayPal is not asked again.
  const authorised =
    authorisationOf(order) === undefined
      ? await askPayPal(() => server.payPal.authorizeOrder(payPalOrderId, authorizeRequestId(basketId, payPalOrderId)), 'authorise')
      : order;
  const { held, refusal } = heldAuthorisation(authorised, totalPence);
  if (refusal !== undefined) throw new PaymentRefused(refusal);
  return held;
}

/**
 * authoriseCapture's one run: an order already placed answers itself; otherwise the basket must be confirmable
 * now and linked to `payPalOrderId`, PayPal must hold its total, and then the order is placed with the payment.
 */
async function authoriseAndConfirm(server: FastifyInstance, basketId: string, payPalOrderId: string, accountSub: string | null): Promise<PlacedOrder> {
  const placed = await confirmedOrder(server, basketId, accountSub, { step: 'check' });
  if (placed !== undefined) return placed;
  const { orders, payments } = server.repositories;
  const now = () => server.clock().toISOString();
  if (!(await payments.startAuthorising(basketId, payPalOrderId, now()))) {
    const payment = await payments.find(basketId);
    const released = payment?.payPalOrderId === payPalOrderId && releasedStates.includes(payment.state);
    throw new ApiError(400, released ? PAYMENT_RELEASED_MESSAGE : NOT_LINKED_MESSAGE);
  }
  const basket = await orders.findBasket(basketId);
  if (basket === undefined) throw new ApiError(400, BASKET_MISSING_MESSAGE);
  let authorisation: PaymentAuthorisation;
  try {
    authorisation = await authorise(server, basketId, payPalOrderId, basket.pricing.totalCostPence);
  } catch (error) {
    if (!(error instanceof PaymentRefused)) throw error;
    const { errorMessage, errorMode, details, paymentState } = error.refusal;
    await payments.endAuthorising(basketId, payPalOrderId, paymentState, now());
    await payments.logError({ basketId, reportedBy: 'server', errorMode, message: errorMessage, details }, now());
    throw new ApiError(400, errorMessage);
  }
  return confirmedOrder(server, basketId, accountSub, { step: 'authorised', authorisation });
}

export const paymentHandlers: Pick<HandlerMap, 'createPayPalOrderLink' | 'authoriseCapture' | 'logPaymentError'> = {
  async createPayPalOrderLink(request) {
    const { orderBuilderId, payPalId, paymentSource } = request.body;
    const linked = await request.server.repositories.payments.link(
      { basketId: orderBuilderId, payPalOrderId: payPalId, paymentSource },
      request.server.clock().toISOString(),
    );
    if (linked.outcome !== 'linked') throw new ApiError(400, linkRefusals[linked.outcome]);
    return { data: { orderBuilderId, payPalId } };
  },

  async authoriseCapture(request) {
    const { orderBuilderId, payPalOrderId } = request.body;
    const accountSub = request.identity?.sub ?? null;
    const placed = await sharedRun(request.server, `${orderBuilderId} ${payPalOrderId} ${accountSub ?? ''}`, () =>
      authoriseAndConfirm(request.server, orderBuilderId, payPalOrderId, accountSub),
    );
    return { data: placed };
  },

  async logPaymentError(request) {
    const { orderBuilderId, errorMode, message, details } = request.body;
    await request.server.repositories.payments.logError(
      { basketId: orderBuilderId ?? null, reportedBy: 'browser', errorMode, message, details: details ?? null },
      request.server.clock().toISOString(),
    );
    return { data: { logged: true } };
  },
};
