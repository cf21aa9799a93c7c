import type { Kysely, Migration } from 'kysely';
import { createPrintJobsIndexes, createPrintJobsTable, reasons as reasonsOf0024 } from './ticketPrinting';
import { widenCheck } from './widenCheck';

// An order paid online whose payment fell back to cash (docs/payments.md, docs/printing.md) has its kitchen ticket
// printed again, marked as corrected: a reason more, paymentChanged, for the print jobs' check constraint
// (widenCheck: in place on PostgreSQL, the table made again on SQLite with its rows, ids and id sequence).

const reasons = [...reasonsOf0024, 'paymentChanged'] as const;

export const printJobPaymentChanged: Migration = {
  async up(db: Kysely<unknown>) {
    await widenCheck(
      db,
      {
        table: 'print_jobs',
        column: 'reason',
        values: reasons,
        create: createPrintJobsTable,
        createIndexes: createPrintJobsIndexes,
      },
      '0030',
    );
  },
};
