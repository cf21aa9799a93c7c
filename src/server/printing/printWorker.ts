import type { components } from '../../api/schema.gen';
import { hasFallenThrough } from '../../domain/kitchenStatus';
import type { DuePrintJob, PrintOutbox } from '../db/printRepository';
import { periodicPasses, type PeriodicPasses } from '../periodicPasses';
import { printerConnection, ticketBytes, type TicketContext } from './ticketLayout';

// Sends the print-job outbox (docs/printing.md): at start-up (what a crash left is printed), when kicked after an
// acceptance or a reprint, and every few seconds for the retries. A job is sent once: the printer is asked first whether
// it has paper, and the job is marked printed as soon as the printer has taken its bytes. A printer that is off, does
// not answer or has no paper leaves the job waiting, tried again with back-off; the acceptance committed long before.

type KitchenTicket = components['schemas']['KitchenTicket'];

export interface PrintWorkerOptions {
  outbox: PrintOutbox;
  /** The order's ticket as the kitchen sees it now; undefined once the order is gone. */
  ticketOf: (basketId: string) => Promise<KitchenTicket | undefined>;
  context: () => Promise<TicketContext>;
  now: () => Date;
  logError: (error: unknown) => void;
  /** Where each failed attempt is reported (it is tried again). */
  logFailedPrint?: (failure: { printer: string; basketId: string; attempts: number; error: string }) => void;
  pollIntervalMs?: number;
  /** How long a claim lasts: a server that dies mid-print leaves its jobs to another after this. */
  claimMs?: number;
  /** How long a printer has to accept the connection and answer the status request. */
  connectTimeoutMs?: number;
}

export type PrintWorker = PeriodicPasses;

const DEFAULT_POLL_INTERVAL_MS = 2_000;
const DEFAULT_CLAIM_MS = 60_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
const JOBS_PER_PASS = 20;
const FIRST_RETRY_MS = 2_000;
/** A kitchen wants the ticket soon after the printer is back on: the back-off stops growing at half a minute. */
const LONGEST_RETRY_MS = 30_000;

/** How long after its `attempts`-th failure a job is tried again: 2 s doubling, at most 30 s. */
export function printRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);
}

/** GS r 1's answer: bits 2 and 3 are the paper roll's end sensor. */
const PAPER_ENDED = 0x0c;

async function paperStatus(job: DuePrintJob, timeoutMs: number): Promise<void> {
  const probe = printerConnection(job.printer, timeoutMs);
  // node-thermal-printer has the paper status request (GS r 1) in its JavaScript but not in its type definitions.
  await (probe as unknown as { getStatus(): Promise<void> }).getStatus();
  const answer = (await probe.execute({ waitForResponse: true })) as unknown as Buffer;
  if (!Buffer.isBuffer(answer) || answer.length === 0) throw new Error('The printer did not answer the paper status request');
  if ((answer[0] & PAPER_ENDED) !== 0) throw new Error('Out of paper');
}

export function createPrintWorker(options: PrintWorkerOptions): PrintWorker {
  const { outbox, ticketOf, context, now, logError } = options;
  const claimMs = options.claimMs ?? DEFAULT_CLAIM_MS;
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;

  /** Whether the job printed. */
  async function printOne(job: DuePrintJob): Promise<boolean> {
    try {
      const ticket = await ticketOf(job.basketId);
      if (ticket === undefined) throw new Error(`The order ${job.basketId} has no ticket`);
      // Cancelled or refunded between the claim and now (the change drops the jobs still waiting, not a claimed one):
      // a ticket on the rail would be cooked.
      if (hasFallenThrough(ticket)) {
        await outbox.drop(job, now().toISOString());
        return false;
      }
      const bytes = ticketBytes(job.printer, ticket, await context(), job.reason);
      await paperStatus(job, timeoutMs);
      const out = printerConnection(job.printer, timeoutMs);
      out.setBuffer(bytes);
      await out.execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const at = now();
      const attempts = job.attempts + 1;
      options.logFailedPrint?.({ printer: job.printer.name, basketId: job.basketId, attempts, error: message });
      await outbox.recordFailure(job, message, at.toISOString(), new Date(at.getTime() + printRetryDelayMs(attempts)).toISOString());
      return false;
    }
    await outbox.complete(job, now().toISOString());
    return true;
  }

  async function printDue(stopping: () => boolean): Promise<boolean> {
    const at = now();
    const due = await outbox.claimDue(at.toISOString(), new Date(at.getTime() + claimMs).toISOString(), JOBS_PER_PASS);
    // Each printer's oldest job is due alone, so printers are sent to side by side and one that is off holds up no other.
    const printed = await Promise.all(due.map(async (job) => !stopping() && (await printOne(job))));
    // A printer's next job becomes due once this one has printed: another pass follows at once.
    return printed.includes(true);
  }

  return periodicPasses({ pass: printDue, intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, logError });
}
