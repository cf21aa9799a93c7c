import type { Transaction } from 'kysely';
import { markPayPalRefunded, queueMoneyStep } from '../db/paymentRepository';
import type { DatabaseSchema } from '../db/schema';
import { runOnKysely } from '../db/statementSteps';
import type { AcceptanceState } from '../domain/acceptance';
import { marksRefunded, moneyStepOf } from '../domain/moneyFlow';

// The money of an order paid online (docs/payments.md). Capturing, voiding and refunding: an acceptance change queues the
// step in its own transaction (queueMoneyMovement), and the outbox worker (payments/outboxWorker.ts) sends it to PayPal.

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
