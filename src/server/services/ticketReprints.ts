import { AcceptanceStatus } from '../../domain/orderEnums';
import { findRequestedOrder, queuePrintJobs } from '../db/printRepository';
import type { Repositories } from '../db/repositories';
import { ORDER_NOT_FOUND_MESSAGE } from '../domain/acceptance';
import { ApiError } from '../errors';
import type { ServiceContext } from './serviceContext';

// The kitchen's "print again" (docs/printing.md): a new job on every printer in service, for an order the kitchen
// accepted, queued in the print outbox and sent by the print worker.

export const NOT_ACCEPTED_MESSAGE = 'Only an accepted order has a ticket to print';

export type ReprintOutcome = { outcome: 'queued'; jobs: number } | { outcome: 'missing' | 'notAccepted' };

/** Queues the order's tickets again, in one transaction, and kicks the print worker once it has committed. */
export async function queueReprint(repositories: Repositories, orderRef: string, now: string): Promise<ReprintOutcome> {
  const outcome = await repositories.inTransaction(async (transaction): Promise<ReprintOutcome> => {
    const order = await findRequestedOrder(transaction, orderRef);
    if (order === undefined) return { outcome: 'missing' };
    // Only what the kitchen accepted is printed: a refused or unanswered order has no ticket to cook from.
    if (order.status !== AcceptanceStatus.Accepted) return { outcome: 'notAccepted' };
    return { outcome: 'queued', jobs: await queuePrintJobs(transaction, order.basketId, 'reprint', now) };
  });
  if (outcome.outcome === 'queued' && outcome.jobs > 0) repositories.outboxQueued.printJob();
  return outcome;
}

/** How many tickets were queued again; an order that is not there or not accepted is a 400. */
export async function reprintedTickets({ repositories, clock }: ServiceContext, orderRef: string): Promise<number> {
  const outcome = await queueReprint(repositories, orderRef, clock().toISOString());
  if (outcome.outcome !== 'queued') throw new ApiError(400, outcome.outcome === 'missing' ? ORDER_NOT_FOUND_MESSAGE : NOT_ACCEPTED_MESSAGE);
  return outcome.jobs;
}
