import type { DueMoneyStep, MoneyStepResult, PaymentOutbox } from '../db/paymentRepository';
import { honourPeriodEnded } from '../domain/moneyFlow';
import { PayPalError, type PayPalClient } from './payPalClient';
import { periodicPasses, type PeriodicPasses } from '../periodicPasses';

// Sends the outbox's PayPal steps (docs/payments.md "Money that ends right"): each with the PayPal-Request-Id
// `${operation}-${basketId}`, so a step sent again after a crash or a lost answer happens once at PayPal. It runs at
// start-up (a step begun before a restart is finished), when kicked after a commit that queued a step, and every
// few seconds for the retries.

export interface OutboxWorkerOptions {
  outbox: PaymentOutbox;
  payPal: PayPalClient;
  now: () => Date;
  /** Where a pass that failed outside PayPal's answers (the database, say) is reported; the next pass tries again. */
  logError: (error: unknown) => void;
  /** How often due steps are looked for without a kick. */
  pollIntervalMs?: number;
}

/** Sends what is due at start-up and every poll interval; kicked after each commit that queued a step. */
export type OutboxWorker = PeriodicPasses;

const DEFAULT_POLL_INTERVAL_MS = 2_000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;
const STEPS_PER_PASS = 20;

/** How long after its `attempts`-th failure a step is tried again: 5 s doubling, at most 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);
}

export function payPalRequestIdOf(step: Pick<DueMoneyStep, 'operation' | 'basketId'>): string {
  return `${step.operation}-${step.basketId}`;
}

/** PayPal refused (a 422): asking again would be refused again. */
const isRefusal = (error: unknown) => error instanceof PayPalError && ['declined', 'unverified', 'unprocessable'].includes(error.kind);

/**
 * The authorisation to capture: the one held, or, once its honour period has ended, a new one PayPal holds the money
 * under (recorded before the capture, so a retry captures it). Undefined when PayPal refused to hold it again: the
 * order is then to be paid in cash, recorded by the outbox, and nothing is captured.
 */
async function capturableAuthorisation(payPal: PayPalClient, outbox: PaymentOutbox, step: DueMoneyStep, now: Date): Promise<string | undefined> {
  if (step.honourOutcome !== null || step.authorisedAt === null || !honourPeriodEnded(step.authorisedAt, now)) return step.authorizationId;
  try {
    const renewed = await payPal.reauthorizeAuthorization(step.authorizationId, `reauthorize-${step.basketId}`);
    await outbox.recordReauthorised(step, renewed.id, now.toISOString());
    return renewed.id;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await outbox.fallBackToCash(step, error instanceof Error ? error.message : String(error), now.toISOString());
    return undefined;
  }
}

async function send(payPal: PayPalClient, outbox: PaymentOutbox, step: DueMoneyStep, now: Date): Promise<MoneyStepResult | undefined> {
  const requestId = payPalRequestIdOf(step);
  switch (step.operation) {
    case 'capture': {
      const authorizationId = await capturableAuthorisation(payPal, outbox, step, now);
      if (authorizationId === undefined) return undefined;
      return { operation: 'capture', captureId: (await payPal.captureAuthorization(authorizationId, requestId)).id };
    }
    case 'void':
      await payPal.voidAuthorization(step.authorizationId, requestId);
      return { operation: 'void' };
    case 'refund': {
      // findDue holds a refund back until its capture is done, which stores the capture id.
      if (step.captureId === null) throw new Error(`The refund of ${step.basketId} is due but its capture id is not stored`);
      return { operation: 'refund', refundId: (await payPal.refundCapture(step.captureId, requestId)).id };
    }
  }
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox, payPal, now, logError, pollIntervalMs = DEFAULT_POLL_INTERVAL_MS } = options;

  async function sendDue(stopping: () => boolean): Promise<boolean> {
    const due = await outbox.findDue(now().toISOString(), STEPS_PER_PASS);
    for (const step of due) {
      if (stopping()) return false;
      try {
        const result = await send(payPal, outbox, step, now());
        if (result !== undefined) await outbox.complete(step, result, now().toISOString());
      } catch (error) {
        const attempts = step.attempts + 1;
        const nextAttemptAt = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
        await outbox.recordFailure(step, error instanceof Error ? error.message : String(error), nextAttemptAt);
      }
    }
    // A full pass may have left more due.
    return due.length === STEPS_PER_PASS;
  }

  return periodicPasses({ pass: sendDue, intervalMs: pollIntervalMs, logError });
}
