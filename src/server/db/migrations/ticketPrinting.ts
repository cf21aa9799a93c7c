import { sql, type Kysely, type Migration } from 'kysely';
import { generatedId, isBetween, isOneOf, outboxColumns } from './columnRules';

// Ticket printing from the server (docs/printing.md): the owner's printers, and the print-job outbox, one job per
// printer written in the same transaction that accepts the order (and one more for each reprint).

const documents = ['kitchen', 'receipt', 'both'] as const;
/** The reasons as of this migration; 0030 adds paymentChanged. */
export const reasons = ['accepted', 'reprint'] as const;
const outcomes = ['printed', 'dropped'] as const;

export const ticketPrinting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('printers')
      .addColumn('printer_id', 'integer', generatedId(db))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('host', 'text', (column) => column.notNull())
      .addColumn('port', 'integer', (column) => column.notNull().check(isBetween('port', 1, 65535)))
      .addColumn('paper_width', 'integer', (column) => column.notNull().check(sql`paper_width in (58, 80)`))
      .addColumn('documents', 'text', (column) => column.notNull().check(isOneOf('documents', documents)))
      .addColumn('copies', 'integer', (column) => column.notNull().check(isBetween('copies', 1, 5)))
      // A printer the owner removed stays for its jobs' history; it prints nothing more.
      .addColumn('removed_at', 'text')
      // What the last attempt or check found: when it answered, and since when it has not (null while it answers).
      .addColumn('checked_at', 'text')
      .addColumn('offline_since', 'text')
      .addColumn('last_error', 'text')
      .execute();

    await createPrintJobsTable(db, 'print_jobs', reasons);
    await createPrintJobsIndexes(db);
  },
};

/**
 * The print-job outbox as `name`, its reasons checked against `reasonsAllowed`. 0030 makes it again under another name
 * with one reason more (SQLite cannot change a check constraint), so both build it here.
 */
export async function createPrintJobsTable(db: Kysely<unknown>, name: string, reasonsAllowed: readonly string[]): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('job_id', 'integer', generatedId(db))
    .addColumn('printer_id', 'integer', (column) => column.notNull().references('printers.printer_id'))
    .addColumn('basket_id', 'text', (column) => column.notNull().references('baskets.basket_id').onDelete('cascade'))
    .addColumn('reason', 'text', (column) => column.notNull().check(isOneOf('reason', reasonsAllowed)))
    .$call(outboxColumns(outcomes))
    .execute();
}

/** The print jobs' indexes: the due jobs', and an order's (made again by 0030, whose rebuild on SQLite drops them). */
export async function createPrintJobsIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('print_jobs_due').on('print_jobs').columns(['done_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('print_jobs_basket').on('print_jobs').column('basket_id').execute();
}
