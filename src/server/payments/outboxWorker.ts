import type { MomentToQueue } from '../db/notificationRepository';
import type { DueMoneyStep, MoneyStepResult, PaymentOutbox } from '../db/paymentRepository';
import { honourPeriodEnded } from '../domain/moneyFlow';
import { channelsOf } from '../notifications/moments';
import { PAYPAL_CALL_TIMEOUT_MS, PayPalError, type PayPalClient } from './payPalClient';
import { periodicPasses, type PeriodicPasses } from '../periodicPasses';

// Sends the outbox's PayPal steps (docs/payments.md "Money that ends right"): each with the PayPal-Request-Id
// `${operation}-${basketId}`, so a step sent again after a crash or a lost answer happens once at PayPal. It runs at
// start-up (a step begun before a restart is finished), when kicked after a commit that queued a step, and every
// few seconds for the retries. Every app server runs one on the same database: each step is claimed before it is
// sent, so only one server sends it at a time.

export interface OutboxWorkerOptions {
  outbox: PaymentOutbox;
  payPal: PayPalClient;
  now: () => Date;
  /** Where a pass that failed outside PayPal's answers (the database, say) is reported; the next pass tries again. */
  logError: (error: unknown) => void;
  /** How often due steps are looked for without a kick. */
  pollIntervalMs?: number;
  /**
   * Called once a fall-back to cash has committed: it queues the customer's cashInstead notification and the order's
   * corrected kitchen tickets.
   */
  onFellBackToCash?: () => void;
}

/** Sends what is due at start-up and every poll interval; kicked after each commit that queued a step. */
export type OutboxWorker = PeriodicPasses;

const DEFAULT_POLL_INTERVAL_MS = 2_000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;
const STEPS_PER_PASS = 20;
/**
 * How long a worker owns the step it claimed: a capture after the honour period makes two PayPal calls (reauthorise,
 * then capture), each within the client's time limit, and the margin covers a token fetch and the database. A claim
 * that lapses mid-step lets another server send it too: PayPal still acts once (the same PayPal-Request-Id), and
 * only the first to record it changes the payment.
 */
const STEP_CLAIM_MS = 2 * PAYPAL_CALL_TIMEOUT_MS + 10_000;

/** How long after its `attempts`-th failure a step is tried again: 5 s doubling, at most 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);
}

export function payPalRequestIdOf(step: Pick<DueMoneyStep, 'operation' | 'basketId'>): string {
  return `${step.operation}-${step.basketId}`;
}

/** What the customer is told when their order falls back to cash (docs/notifications.md), queued with the fall-back. */
const toldOfCash: readonly MomentToQueue[] = [{ moment: 'cashInstead', detail: {}, channels: channelsOf('cashInstead') }];

/** PayPal refused (a 422): asking again would be refused again. */
const isRefusal = (error: unknown) => error instanceof PayPalError && ['declined', 'unverified', 'unprocessable'].includes(error.kind);

/**
 * The authorisation to capture: the one held, or, once its honour period has ended, a new one PayPal holds the money
 * under (recorded before the capture, so a retry captures it). Undefined when PayPal refused to hold it again: the
 * order is then to be paid in cash, recorded by the outbox, and nothing is captured.
 */
async function capturableAuthorisation(payPal: PayPalClient, outbox: PaymentOutbox, step: DueMoneyStep, now: Date, onFellBackToCash: () => void): Promise<string | undefined> {
  if (step.honourOutcome !== null || step.authorisedAt === null || !honourPeriodEnded(step.authorisedAt, now)) return step.authorizationId;
  try {
    const renewed = await payPal.reauthorizeAuthorization(step.authorizationId, `reauthorize-${step.basketId}`);
    await outbox.recordReauthorised(step, renewed.id, now.toISOString());
    return renewed.id;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (await outbox.fallBackToCash(step, reason, now.toISOString(), toldOfCash)) {
      onFellBackToCash();
      return undefined;
    }
    // Done by another worker, or the payment moved on (cancelled while its capture was due): nothing is released on a
    // refusal it was not waiting for. Recorded as a failure, so it is retried with back-off and shows on the ticket.
    throw new Error(`${reason}; the payment of ${step.basketId} is no longer waiting for this capture, so it is not made cash`, { cause: error });
  }
}

async function send(payPal: PayPalClient, outbox: PaymentOutbox, step: DueMoneyStep, now: Date, onFellBackToCash: () => void): Promise<MoneyStepResult | undefined> {
  const requestId = payPalRequestIdOf(step);
  switch (step.operation) {
    case 'capture': {
      const authorizationId = await capturableAuthorisation(payPal, outbox, step, now, onFellBackToCash);
      if (authorizationId === undefined) return undefined;
      return { operation: 'capture', captureId: (await payPal.captureAuthorization(authorizationId, requestId)).id };
    }
    case 'void':
      await payPal.voidAuthorization(step.authorizationId, requestId);
      return { operation: 'void' };
    case 'refund': {
      // claimDue holds a refund back until its capture is done, which stores the capture id.
      if (step.captureId === null) throw new Error(`The refund of ${step.basketId} is due but its capture id is not stored`);
      return { operation: 'refund', refundId: (await payPal.refundCapture(step.captureId, requestId)).id };
    }
  }
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox, payPal, now, logError, pollIntervalMs = DEFAULT_POLL_INTERVAL_MS, onFellBackToCash = () => {} } = options;

  async function sendOne(step: DueMoneyStep): Promise<void> {
    try {
      const result = await send(payPal, outbox, step, now(), onFellBackToCash);
      if (result !== undefined) await outbox.complete(step, result, now().toISOString());
    } catch (error) {
      const attempts = step.attempts + 1;
      const nextAttemptAt = new Date(now().getTime() + retryDelayMs(attempts)).toISOString();
      await outbox.recordFailure(step, error instanceof Error ? error.message : String(error), nextAttemptAt);
    }
  }

  async function sendDue(stopping: () => boolean): Promise<boolean> {
    // One step claimed at a time, so its claim starts when it is sent rather than when an earlier step of the pass was.
    for (let sent = 0; sent < STEPS_PER_PASS; sent += 1) {
      if (stopping()) return false;
      const claimedAt = now();
      const [step] = await outbox.claimDue(claimedAt.toISOString(), new Date(claimedAt.getTime() + STEP_CLAIM_MS).toISOString(), 1);
      if (step === undefined) return false;
      await sendOne(step);
    }
    // A full pass may have left more due.
    return true;
  }

  return periodicPasses({ pass: sendDue, intervalMs: pollIntervalMs, logError });
}
