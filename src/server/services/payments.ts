import type { Transaction } from 'kysely';
import { markPayPalRefunded, queueMoneyStep, releasedStates, type PaymentAuthorisation, type PaymentErrorReport } from '../db/paymentRepository';
import type { DatabaseSchema } from '../db/schema';
import { runOnKysely } from '../db/statementSteps';
import type { AcceptanceState } from '../domain/acceptance';
import { PAYMENT_RELEASED_MESSAGE } from '../domain/confirmation';
import { marksRefunded, moneyStepOf } from '../domain/moneyFlow';
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
import { PayPalError, type PayPalClient, type PayPalOrder } from '../payments/payPalClient';
import { BASKET_CONFIRMED_MESSAGE, BASKET_MISSING_MESSAGE, confirmedOrder, type PlacedOrder } from './orderConfirmation';
import type { ServiceContext } from './serviceContext';

// The money of an order paid online (docs/payments.md). Paying: the browser links the PayPal order its customer is
// approving to the basket, then asks the server to authorise it, which places the order in the same transaction as it
// records the money PayPal holds. Capturing, voiding and refunding: an acceptance change queues the step in its own
// transaction (queueMoneyMovement), and the outbox worker (payments/outboxWorker.ts) sends it to PayPal.

/** What paying needs of the running server: a service's context and PayPal. */
export interface PaymentContext extends ServiceContext {
  payPal: PayPalClient;
}

const linkRefusals = {
  missing: BASKET_MISSING_MESSAGE,
  confirmed: BASKET_CONFIRMED_MESSAGE,
  notOnline: 'Choose to pay online before paying with PayPal',
  settling: 'The payment for this order is already being processed',
  taken: 'This PayPal payment belongs to another order',
} as const;

/** Links the PayPal order the customer is approving to their basket; every refusal is an ApiError. */
export async function linkPayPalOrder({ repositories, clock }: ServiceContext, link: { basketId: string; payPalOrderId: string; paymentSource: string }): Promise<void> {
  const linked = await repositories.payments.link(link, clock().toISOString());
  if (linked.outcome !== 'linked') throw new ApiError(400, linkRefusals[linked.outcome]);
}

/** Keeps what the browser or the server reports about a failed payment, for the owner. */
export async function logPaymentError({ repositories, clock }: ServiceContext, report: PaymentErrorReport): Promise<void> {
  await repositories.payments.logError(report, clock().toISOString());
}

/** Runs in flight, per server and per basket, PayPal order and caller: concurrent calls share one. */
const runsInFlight = new WeakMap<PaymentContext, Map<string, Promise<PlacedOrder>>>();

function sharedRun(context: PaymentContext, key: string, run: () => Promise<PlacedOrder>): Promise<PlacedOrder> {
  let runs = runsInFlight.get(context);
  if (runs === undefined) {
    runs = new Map();
    runsInFlight.set(context, runs);
  }
  const inFlight = runs.get(key);
  if (inFlight !== undefined) return inFlight;
  const started = run().finally(() => runs.delete(key));
  runs.set(key, started);
  return started;
}

/**
 * Pays for the basket with the PayPal order linked to it and places the order (authoriseCapture): once, whoever asks,
 * however often. `accountSub` is the signed-in customer's, null for a guest.
 */
export function paidOrder(context: PaymentContext, basketId: string, payPalOrderId: string, accountSub: string | null): Promise<PlacedOrder> {
  return sharedRun(context, `${basketId} ${payPalOrderId} ${accountSub ?? ''}`, () => authoriseAndConfirm(context, basketId, payPalOrderId, accountSub));
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
async function authorise(payPal: PayPalClient, basketId: string, payPalOrderId: string, totalPence: number): Promise<PaymentAuthorisation> {
  const order = await askPayPal(() => payPal.getOrder(payPalOrderId), 'lookUp');
  const notApproved = approvalRefusal(order, totalPence);
  if (notApproved !== undefined) throw new PaymentRefused(notApproved);
  // A previous try already authorised it: PayPal is not asked again.
  const authorised =
    authorisationOf(order) === undefined
      ? await askPayPal(() => payPal.authorizeOrder(payPalOrderId, authorizeRequestId(basketId, payPalOrderId)), 'authorise')
      : order;
  const { held, refusal } = heldAuthorisation(authorised, totalPence);
  if (refusal !== undefined) throw new PaymentRefused(refusal);
  return held;
}

/**
 * paidOrder's one run: an order already placed answers itself; otherwise the basket must be confirmable now and linked
 * to `payPalOrderId`, PayPal must hold its total, and then the order is placed with the payment.
 */
async function authoriseAndConfirm(context: PaymentContext, basketId: string, payPalOrderId: string, accountSub: string | null): Promise<PlacedOrder> {
  const placed = await confirmedOrder(context, basketId, accountSub, { step: 'check' });
  if (placed !== undefined) return placed;
  const { orders, payments } = context.repositories;
  const now = () => context.clock().toISOString();
  if (!(await payments.startAuthorising(basketId, payPalOrderId, now()))) {
    const payment = await payments.find(basketId);
    const released = payment?.payPalOrderId === payPalOrderId && releasedStates.includes(payment.state);
    throw new ApiError(400, released ? PAYMENT_RELEASED_MESSAGE : NOT_LINKED_MESSAGE);
  }
  const basket = await orders.findBasket(basketId);
  if (basket === undefined) throw new ApiError(400, BASKET_MISSING_MESSAGE);
  let authorisation: PaymentAuthorisation;
  try {
    authorisation = await authorise(context.payPal, basketId, payPalOrderId, basket.pricing.totalCostPence);
  } catch (error) {
    if (!(error instanceof PaymentRefused)) throw error;
    const { errorMessage, errorMode, details, paymentState } = error.refusal;
    await payments.endAuthorising(basketId, payPalOrderId, paymentState, now());
    await payments.logError({ basketId, reportedBy: 'server', errorMode, message: errorMessage, details }, now());
    throw new ApiError(400, errorMessage);
  }
  return confirmedOrder(context, basketId, accountSub, { step: 'authorised', authorisation });
}

/**
 * Inside an acceptance change's transaction: queues the capture, void or refund the change from `before` to `after`
 * moves (moneyStepOf), and marks an order refunded from the dashboard; whether a PayPal step was queued.
 */
export async function queueMoneyMovement(transaction: Transaction<DatabaseSchema>, basketId: string, before: AcceptanceState, after: AcceptanceState, now: string): Promise<boolean> {
  const step = moneyStepOf(before, after);
  const queued = step === undefined ? false : await runOnKysely(transaction, queueMoneyStep(basketId, step, now));
  if (marksRefunded(before, after)) await runOnKysely(transaction, markPayPalRefunded(basketId));
  return queued;
}
