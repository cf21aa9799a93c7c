import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { hasTicketInProgress } from '../../domain/kitchenStatus';
import type { AcceptanceStatusValue, KitchenStatusValue } from '../../domain/orderEnums';
import { claimRows, dueAt } from './outboxClaims';
import type { DatabaseSchema, PrintedDocuments, PrintersTable, PrintJobReason } from './schema';

// The owner's printers and the print-job outbox (docs/printing.md). Jobs are written in the transaction that accepts
// the order; a worker claims each one before sending it, with the notification outbox's conditional claim, so of two
// servers on one database only one prints a job, and a claim left by a crash lapses and is taken over.

export interface Printer {
  printerId: number;
  name: string;
  host: string;
  port: number;
  paperWidth: 58 | 80;
  prints: PrintedDocuments;
  copies: number;
}

export type PrinterToSave = Omit<Printer, 'printerId'> & { printerId?: number };

/** What the dashboard shows of a printer: whether it answered last time, and what waits for it. */
export interface PrinterState extends Printer {
  checkedAt: string | null;
  offlineSince: string | null;
  lastError: string | null;
  jobsWaiting: number;
  /** When the oldest job still waiting was written; null when none waits. */
  oldestWaitingSince: string | null;
}

/** A claimed job, as the worker prints it. */
export interface DuePrintJob {
  jobId: number;
  basketId: string;
  reason: PrintJobReason;
  attempts: number;
  createdAt: string;
  printer: Printer;
}

export interface PrintOutbox {
  /** Claims up to `limit` jobs due at `now`, each until `claimedUntil`. */
  claimDue(now: string, claimedUntil: string, limit: number): Promise<DuePrintJob[]>;
  /** The job printed, and its printer answered. */
  complete(job: DuePrintJob, now: string): Promise<void>;
  /** The job is not to print after all: its order fell through after it was claimed. */
  drop(job: DuePrintJob, now: string): Promise<void>;
  /** The printer did not take the job: tried again at `nextAttemptAt`, and the printer is offline since its first failure. */
  recordFailure(job: DuePrintJob, error: string, now: string, nextAttemptAt: string): Promise<void>;
}

export interface PrintRepository {
  listPrinters(): Promise<Printer[]>;
  printerStates(): Promise<PrinterState[]>;
}

type PrinterRow = Selectable<PrintersTable>;

const printerOf = (row: PrinterRow): Printer => ({
  printerId: row.printer_id,
  name: row.name,
  host: row.host,
  port: row.port,
  paperWidth: row.paper_width,
  prints: row.documents,
  copies: row.copies,
});

const inService = (db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>) => db.selectFrom('printers').selectAll().where('removed_at', 'is', null).orderBy('printer_id');

/**
 * One job per printer in service for the order (with `ticketsOnly`, per printer that prints the kitchen ticket), inside
 * the caller's transaction; how many were written.
 */
export async function queuePrintJobs(
  transaction: Transaction<DatabaseSchema>,
  basketId: string,
  reason: PrintJobReason,
  now: string,
  { ticketsOnly = false }: { ticketsOnly?: boolean } = {},
): Promise<number> {
  const printers = await (ticketsOnly ? inService(transaction).where('documents', '!=', 'receipt') : inService(transaction)).execute();
  if (printers.length === 0) return 0;
  await transaction
    .insertInto('print_jobs')
    .values(printers.map((printer) => ({ printer_id: printer.printer_id, basket_id: basketId, reason, created_at: now, next_attempt_at: now, attempts: 0 })))
    .execute();
  return printers.length;
}

/**
 * The order's payment fell back to cash, inside that transaction: its kitchen ticket, printed as paid online, is printed
 * again, marked as corrected, on every printer that prints kitchen tickets, if the order is still being cooked or sent
 * (a ticket for an order cancelled or completed would be cooked, or come too late). How many jobs were written.
 */
export async function queueCorrectedTickets(transaction: Transaction<DatabaseSchema>, basketId: string, now: string): Promise<number> {
  const order = await findRequestedOrder(transaction, { basketId });
  if (order === undefined || !hasTicketInProgress({ acceptanceStatus: order.status, cancelled: order.cancelled, kitchenStatus: order.kitchenStatus })) return 0;
  return queuePrintJobs(transaction, basketId, 'paymentChanged', now, { ticketsOnly: true });
}

/**
 * Marks the jobs not yet done of the printers `printerIds` (removed) or of the order `basketId` (fallen through) done
 * as dropped, inside the caller's transaction, so that none of them prints; how many were dropped. A job the worker
 * has already claimed is dropped too: its completion then changes nothing.
 */
export async function dropWaitingPrintJobs(
  transaction: Transaction<DatabaseSchema>,
  jobsOf: { printerIds: readonly number[] } | { basketId: string },
  now: string,
): Promise<number> {
  const waiting = transaction.updateTable('print_jobs').set({ done_at: now, outcome: 'dropped', claimed_until: null }).where('done_at', 'is', null);
  const dropped = await ('basketId' in jobsOf ? waiting.where('basket_id', '=', jobsOf.basketId) : waiting.where('printer_id', 'in', jobsOf.printerIds)).executeTakeFirst();
  return Number(dropped.numUpdatedRows);
}

/**
 * Replaces the printers in service with `printers` inside the owner's edit: one that keeps its id is changed in place,
 * one left out is removed (its waiting jobs dropped), one without an id is added. Answers the printers before and after.
 */
export async function replacePrinters(transaction: Transaction<DatabaseSchema>, printers: readonly PrinterToSave[], now: string): Promise<{ before: Printer[]; after: Printer[] }> {
  const before = (await inService(transaction).execute()).map(printerOf);
  const kept = new Set(printers.flatMap((printer) => (printer.printerId === undefined ? [] : [printer.printerId])));
  const removed = before.filter((printer) => !kept.has(printer.printerId)).map((printer) => printer.printerId);
  if (removed.length > 0) {
    await transaction.updateTable('printers').set({ removed_at: now }).where('printer_id', 'in', removed).execute();
    await dropWaitingPrintJobs(transaction, { printerIds: removed }, now);
  }
  for (const printer of printers) {
    const values = { name: printer.name, host: printer.host, port: printer.port, paper_width: printer.paperWidth, documents: printer.prints, copies: printer.copies };
    if (printer.printerId !== undefined && before.some((known) => known.printerId === printer.printerId)) {
      const old = before.find((known) => known.printerId === printer.printerId);
      // A printer moved to another address has not been heard from there yet.
      const moved = old !== undefined && (old.host !== printer.host || old.port !== printer.port);
      await transaction
        .updateTable('printers')
        .set(moved ? { ...values, checked_at: null, offline_since: null, last_error: null } : values)
        .where('printer_id', '=', printer.printerId)
        .execute();
    } else {
      await transaction.insertInto('printers').values(values).execute();
    }
  }
  const after = (await inService(transaction).execute()).map(printerOf);
  return { before, after };
}

/**
 * The order's basketId, acceptance status, kitchen status and customer's cancellation, by its orderRef or basketId;
 * undefined when it has no acceptance request.
 */
export async function findRequestedOrder(
  transaction: Transaction<DatabaseSchema>,
  key: { orderRef: string } | { basketId: string },
): Promise<{ basketId: string; status: AcceptanceStatusValue; kitchenStatus: KitchenStatusValue | null; cancelled: boolean } | undefined> {
  const orders = transaction
    .selectFrom('baskets')
    .innerJoin('order_acceptances', 'order_acceptances.basket_id', 'baskets.basket_id')
    .select(['baskets.basket_id', 'order_acceptances.status', 'order_acceptances.kitchen_status', 'order_acceptances.cancelled_at']);
  const order = await ('orderRef' in key ? orders.where('baskets.order_ref', '=', key.orderRef) : orders.where('baskets.basket_id', '=', key.basketId)).executeTakeFirst();
  return order === undefined
    ? undefined
    : {
        basketId: order.basket_id,
        status: order.status as AcceptanceStatusValue,
        kitchenStatus: order.kitchen_status as KitchenStatusValue | null,
        cancelled: order.cancelled_at !== null,
      };
}

/** Whether `printerId` names a printer in service (an id the owner sends must be one of theirs). */
export async function unknownPrinterIds(transaction: Transaction<DatabaseSchema>, printerIds: readonly number[]): Promise<number[]> {
  if (printerIds.length === 0) return [];
  const known = new Set((await inService(transaction).execute()).map((row) => row.printer_id));
  return printerIds.filter((printerId) => !known.has(printerId));
}

export function createPrintRepository(db: Kysely<DatabaseSchema>): PrintRepository {
  return {
    async listPrinters() {
      return (await inService(db).execute()).map(printerOf);
    },

    async printerStates() {
      const [printers, waiting] = await Promise.all([
        inService(db).execute(),
        db
          .selectFrom('print_jobs')
          .select((select) => ['printer_id', select.fn.countAll<number | string>().as('count'), select.fn.min('created_at').as('oldest')])
          .where('done_at', 'is', null)
          .groupBy('printer_id')
          .execute(),
      ]);
      return printers.map((row) => {
        const jobs = waiting.find((candidate) => candidate.printer_id === row.printer_id);
        return {
          ...printerOf(row),
          checkedAt: row.checked_at,
          offlineSince: row.offline_since,
          lastError: row.last_error,
          jobsWaiting: Number(jobs?.count ?? 0),
          oldestWaitingSince: jobs?.oldest ?? null,
        };
      });
    },
  };
}

export function createPrintOutbox(db: Kysely<DatabaseSchema>): PrintOutbox {
  return {
    async claimDue(now, claimedUntil, limit) {
      // A printer's jobs go out in the order they were written: only its oldest job not yet done is due, so a reprint
      // never comes out before the ticket it repeats, and a printer that is off is tried once a pass, not once a job.
      const dueIds = db
        .selectFrom('print_jobs as due')
        .select('due.job_id')
        .where(dueAt(now, 'due'))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('print_jobs as earlier')
                .select('earlier.job_id')
                .whereRef('earlier.printer_id', '=', 'due.printer_id')
                .where('earlier.done_at', 'is', null)
                .whereRef('earlier.job_id', '<', 'due.job_id'),
            ),
          ),
        )
        .orderBy('due.next_attempt_at')
        .limit(limit);
      // A second server's claim finds the job claimed and skips it instead of printing it twice.
      const claimed = await claimRows(db, 'print_jobs', 'job_id', dueIds, now, claimedUntil);
      if (claimed.length === 0) return [];
      const printers = await db
        .selectFrom('printers')
        .selectAll()
        .where('printer_id', 'in', claimed.map((row) => row.printer_id))
        .execute();
      return claimed.flatMap((row) => {
        const printer = printers.find((candidate) => candidate.printer_id === row.printer_id);
        if (printer === undefined) return [];
        return [{ jobId: row.job_id, basketId: row.basket_id, reason: row.reason, attempts: row.attempts, createdAt: row.created_at, printer: printerOf(printer) }];
      });
    },

    async complete(job, now) {
      await db.transaction().execute(async (transaction) => {
        await transaction.updateTable('print_jobs').set({ done_at: now, outcome: 'printed', claimed_until: null }).where('job_id', '=', job.jobId).where('done_at', 'is', null).execute();
        await transaction.updateTable('printers').set({ checked_at: now, offline_since: null, last_error: null }).where('printer_id', '=', job.printer.printerId).execute();
      });
    },

    async drop(job, now) {
      await db.updateTable('print_jobs').set({ done_at: now, outcome: 'dropped', claimed_until: null }).where('job_id', '=', job.jobId).where('done_at', 'is', null).execute();
    },

    async recordFailure(job, error, now, nextAttemptAt) {
      await db.transaction().execute(async (transaction) => {
        await transaction
          .updateTable('print_jobs')
          .set((expression) => ({
            attempts: sql<number>`${expression.ref('attempts')} + 1`,
            last_error: error.slice(0, 1000),
            next_attempt_at: nextAttemptAt,
            claimed_until: null,
          }))
          .where('job_id', '=', job.jobId)
          .where('done_at', 'is', null)
          .execute();
        await transaction
          .updateTable('printers')
          .set((expression) => ({ checked_at: now, offline_since: expression.fn.coalesce('offline_since', sql.val(now)), last_error: error.slice(0, 300) }))
          .where('printer_id', '=', job.printer.printerId)
          .execute();
      });
    },
  };
}
