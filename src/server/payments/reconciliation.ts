import type { Payment, PaymentAuthorisation, ReconciliationReport, UnsettledPayments } from '../db/paymentRepository';
import { authorisationOf, fundingSourceOf, penceOf } from './authorisation';
import { PayPalError, type PayPalClient, type PayPalOrder } from './payPalClient';
import { periodicPasses, type PeriodicPasses } from '../periodicPasses';

// Reconciliation (docs/payments.md): a payment left `linked` or `authorising` (the server died, or PayPal did not
// answer, between asking PayPal to authorise and the confirming transaction; or the customer approved at PayPal and
// never came back) is looked up at PayPal once the grace period in which the customer's own retry settles it has
// passed. Money PayPal holds for it is released (the order was never placed with it: a basket confirmed with its
// payment has moved it on to `authorised` in the same transaction); a payment PayPal holds nothing for is `failed`.

/** How long the customer may still be on the page and settle the payment by retrying, before reconciliation does. */
export const DEFAULT_RECONCILE_AFTER_SECONDS = 15 * 60;
const DEFAULT_PASS_INTERVAL_MS = 60_000;
const PAYMENTS_PER_PASS = 50;

/** PayPal's authorisation statuses under which the payer's money is held. */
const HOLDING_STATUSES: readonly string[] = ['CREATED', 'PENDING'];

export type Settlement =
  | { outcome: 'release'; authorisation: PaymentAuthorisation; report: ReconciliationReport }
  | { outcome: 'fail'; report: ReconciliationReport };

const RELEASED_MESSAGE = 'PayPal held money for an order that was not placed with it: the authorisation is being voided';
const FAILED_MESSAGE = 'PayPal holds nothing for a payment left unfinished: the payment has failed and the order was not placed with it';

/** What becomes of a stale payment, given its PayPal order as PayPal answers it now (undefined: PayPal has no such order). */
export function settlementOf(payment: Payment, order: PayPalOrder | undefined): Settlement {
  const left = `Reconciliation of a payment left ${payment.state} since ${payment.updatedAt}`;
  const report = (message: string, found: string): ReconciliationReport => ({
    errorMode: 'AuthorisationAndCaptureError',
    message,
    details: `${left}: ${found}`,
  });
  if (order === undefined) return { outcome: 'fail', report: report(FAILED_MESSAGE, `PayPal has no order ${payment.payPalOrderId}`) };
  const authorisation = authorisationOf(order);
  if (authorisation === undefined || !HOLDING_STATUSES.includes(authorisation.status)) {
    const found = authorisation === undefined ? 'no authorisation' : `authorisation ${authorisation.id} ${authorisation.status}`;
    return { outcome: 'fail', report: report(FAILED_MESSAGE, `PayPal order ${order.id} is ${order.status} with ${found}`) };
  }
  const amountPence = penceOf(authorisation.amount.value);
  if (amountPence === undefined) {
    throw new Error(`PayPal's authorisation ${authorisation.id} holds ${authorisation.amount.value}, which is not an amount in pounds and pence`);
  }
  const { currency_code: currency, value } = authorisation.amount;
  return {
    outcome: 'release',
    authorisation: { payPalOrderId: order.id, authorizationId: authorisation.id, amountPence, fundingSource: fundingSourceOf(order) },
    report: report(
      RELEASED_MESSAGE,
      `PayPal order ${order.id} holds authorisation ${authorisation.id} (${authorisation.status}, ${currency} ${value})`,
    ),
  };
}

/** PayPal's order, or undefined when PayPal answers that it has none; any other failure is thrown. */
async function lookUp(payPal: PayPalClient, payPalOrderId: string): Promise<PayPalOrder | undefined> {
  try {
    return await payPal.getOrder(payPalOrderId);
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) return undefined;
    throw error;
  }
}

export interface ReconciliationWorkerOptions {
  payments: UnsettledPayments;
  payPal: PayPalClient;
  now: () => Date;
  /** The grace period, from the payment's last change. */
  reconcileAfterMs: number;
  /** Called after a pass that queued a void (the outbox worker's kick). */
  onReleased: () => void;
  /**
   * Where a payment that could not be settled (PayPal unreachable or failing, say) and a failed pass are reported; a
   * later pass tries again.
   */
  logError: (error: unknown, basketId?: string) => void;
  passIntervalMs?: number;
}

/** Passes at start-up and every minute; a kick runs one now (and resolves when it has ended). */
export type ReconciliationWorker = PeriodicPasses;

export function createReconciliationWorker(options: ReconciliationWorkerOptions): ReconciliationWorker {
  const { payments, payPal, now, reconcileAfterMs, onReleased, logError, passIntervalMs = DEFAULT_PASS_INTERVAL_MS } = options;

  async function settle(payment: Payment): Promise<boolean> {
    const settlement = settlementOf(payment, await lookUp(payPal, payment.payPalOrderId));
    const settledAt = now().toISOString();
    if (settlement.outcome === 'fail') {
      await payments.fail(payment, settlement.report, settledAt);
      return false;
    }
    return payments.release(payment, settlement.authorisation, settlement.report, settledAt);
  }

  async function reconcileStale(stopping: () => boolean): Promise<boolean> {
    const changedBefore = new Date(now().getTime() - reconcileAfterMs).toISOString();
    const stale = await payments.findStale(changedBefore, PAYMENTS_PER_PASS);
    let released = false;
    for (const payment of stale) {
      if (stopping()) break;
      try {
        if (await settle(payment)) released = true;
      } catch (error) {
        logError(error, payment.basketId);
      }
    }
    if (released) onReleased();
    // Never at once again: a payment PayPal could not be asked about waits for the next periodic pass.
    return false;
  }

  return periodicPasses({ pass: reconcileStale, intervalMs: passIntervalMs, logError });
}
