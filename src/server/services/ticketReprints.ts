import { hasTicketInProgress } from '../../domain/kitchenStatus';
import { AcceptanceStatus } from '../../domain/orderEnums';
import { findRequestedOrder, queuePrintJobs } from '../db/printRepository';
import type { Repositories } from '../db/repositories';
import { ORDER_NOT_FOUND_MESSAGE } from '../domain/acceptance';
import { ApiError } from '../errors';
import type { ServiceContext } from './serviceContext';

// The kitchen's "print again" (docs/printing.md): a new job on every printer in service, for an order the kitchen
// accepted and is still cooking or sending, queued in the print outbox and sent by the print worker.

export const NOT_ACCEPTED_MESSAGE = 'Only an accepted order has a ticket to print';
export const NOT_IN_PROGRESS_MESSAGE = 'This order is no longer in progress (cancelled, refunded or completed), so its ticket is not printed again';

export type ReprintOutcome = { outcome: 'queued'; jobs: number } | { outcome: 'missing' | 'notAccepted' | 'notInProgress' };

const REFUSALS: Record<Exclude<ReprintOutcome['outcome'], 'queued'>, string> = {
  missing: ORDER_NOT_FOUND_MESSAGE,
  notAccepted: NOT_ACCEPTED_MESSAGE,
  notInProgress: NOT_IN_PROGRESS_MESSAGE,
};

/** Queues the order's tickets again, in one transaction, and kicks the print worker once it has committed. */
export async function queueReprint(repositories: Repositories, orderRef: string, now: string): Promise<ReprintOutcome> {
  const outcome = await repositories.inTransaction(async (transaction): Promise<ReprintOutcome> => {
    const order = await findRequestedOrder(transaction, { orderRef });
    if (order === undefined) return { outcome: 'missing' };
    // Only what the kitchen accepted is printed: a refused or unanswered order has no ticket to cook from.
    if (order.status !== AcceptanceStatus.Accepted) return { outcome: 'notAccepted' };
    // Nor is an order the kitchen has finished with: a ticket for a cancelled order would be cooked.
    if (!hasTicketInProgress({ acceptanceStatus: order.status, cancelled: order.cancelled, kitchenStatus: order.kitchenStatus })) return { outcome: 'notInProgress' };
    return { outcome: 'queued', jobs: await queuePrintJobs(transaction, order.basketId, 'reprint', now) };
  });
  if (outcome.outcome === 'queued' && outcome.jobs > 0) repositories.outboxQueued.printJob();
  return outcome;
}

/** How many tickets were queued again; an order that is not there, not accepted or no longer in progress is a 400. */
export async function reprintedTickets({ repositories, clock }: ServiceContext, orderRef: string): Promise<number> {
  const outcome = await queueReprint(repositories, orderRef, clock().toISOString());
  if (outcome.outcome !== 'queued') throw new ApiError(400, REFUSALS[outcome.outcome]);
  return outcome.jobs;
}
