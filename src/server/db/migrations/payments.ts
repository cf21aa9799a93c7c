import { sql, type Kysely, type Migration } from 'kysely';
import { generatedId, isNotNegative, isOneOf } from './columnRules';

// Online payment through PayPal (docs/payments.md): each basket's PayPal order and where its money is, the steps
// still to send to PayPal (the outbox), and the errors the browser and the server reported. Money is integer pence;
// times ISO 8601 text in UTC.

/** PaymentsTable['state']: linked → authorising → authorised → capture_due → captured → refund_due → refunded, or void_due → voided, or failed. */
const paymentStates = ['linked', 'authorising', 'authorised', 'capture_due', 'captured', 'refund_due', 'refunded', 'void_due', 'voided', 'failed'];

export const payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payments')
      .addColumn('basket_id', 'text', (column) => column.primaryKey().references('baskets.basket_id').onDelete('cascade'))
      // One PayPal order pays for one basket only.
      .addColumn('paypal_order_id', 'text', (column) => column.notNull().unique())
      .addColumn('payment_source', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull().check(isOneOf('state', paymentStates)))
      .addColumn('amount_pence', 'integer', (column) => column.check(isNotNegative('amount_pence')))
      .addColumn('authorization_id', 'text')
      .addColumn('capture_id', 'text')
      .addColumn('refund_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      // Money is held, taken or given back only under an authorisation PayPal answered, for an amount.
      .addCheckConstraint(
        'payments_authorised_with_amount',
        sql`state in ('linked', 'authorising', 'failed') or (authorization_id is not null and amount_pence is not null)`,
      )
      .execute();
    // Reconciliation looks for payments left between two steps.
    await db.schema.createIndex('payments_state').on('payments').column('state').execute();

    await db.schema
      .createTable('payment_outbox')
      .addColumn('id', 'integer', generatedId(db))
      .addColumn('basket_id', 'text', (column) => column.notNull().references('payments.basket_id').onDelete('cascade'))
      .addColumn('operation', 'text', (column) => column.notNull().check(isOneOf('operation', ['capture', 'void', 'refund'])))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('done_at', 'text')
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0).check(isNotNegative('attempts')))
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'text', (column) => column.notNull())
      // Each step happens at most once per order, however often the event that causes it is repeated.
      .addUniqueConstraint('payment_outbox_once', ['basket_id', 'operation'])
      .execute();
    // The worker asks for the steps not done whose time has come.
    await db.schema.createIndex('payment_outbox_due').on('payment_outbox').columns(['done_at', 'next_attempt_at']).execute();

    await db.schema
      .createTable('payment_error_logs')
      .addColumn('id', 'integer', generatedId(db))
      // No foreign key: an error is kept even for a basket id the browser got wrong.
      .addColumn('basket_id', 'text')
      .addColumn('reported_by', 'text', (column) => column.notNull().check(isOneOf('reported_by', ['browser', 'server'])))
      .addColumn('error_mode', 'text', (column) => column.notNull())
      .addColumn('message', 'text', (column) => column.notNull())
      .addColumn('details', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('payment_error_logs_created_at').on('payment_error_logs').column('created_at').execute();
  },
};
