import type { Kysely, Selectable } from 'kysely';
import { PaymentType } from '../../domain/orderEnums';
import type { DatabaseSchema, PaymentsTable, PaymentState } from './schema';
import { changesOf, insertRow, placeholders, type Steps } from './statementSteps';

// A basket's payment through PayPal (docs/payments.md). What happens with the confirmation (the payment recorded as
// held, or left to be voided) is written by the steps below inside OrderRepository.confirmBasket's transaction.

export interface Payment {
  basketId: string;
  payPalOrderId: string;
  paymentSource: string;
  state: PaymentState;
  amountPence: number | null;
  authorizationId: string | null;
  captureId: string | null;
  refundId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What PayPal answered when it authorised a basket's PayPal order. */
export interface PaymentAuthorisation {
  payPalOrderId: string;
  authorizationId: string;
  amountPence: number;
}

export type LinkOutcome =
  | { outcome: 'linked'; payment: Payment }
  | { outcome: 'missing' }
  | { outcome: 'confirmed' }
  /** The basket is not to be paid online (its paymentType is not 2). */
  | { outcome: 'notOnline' }
  /** The basket's PayPal order is being authorised, or money was held for it: it is not replaced. */
  | { outcome: 'settling'; payment: Payment }
  /** The PayPal order pays for another basket. */
  | { outcome: 'taken' };

export interface PaymentErrorReport {
  basketId: string | null;
  reportedBy: 'browser' | 'server';
  errorMode: string;
  message: string;
  details: string | null;
}

export interface PaymentRepository {
  /**
   * In one transaction: locks the basket, which must exist, be unconfirmed and be paid online; links the PayPal order
   * to it, replacing a link under which nothing was ever held (`linked` or `failed`). Linking the same order again
   * changes only its payment source.
   */
  link(link: { basketId: string; payPalOrderId: string; paymentSource: string }, now: string): Promise<LinkOutcome>;
  find(basketId: string): Promise<Payment | undefined>;
  /**
   * `authorising`, made durable, if the basket's link is to `payPalOrderId` and nothing is held under it yet; false
   * otherwise (another PayPal order, or the payment has moved on).
   */
  startAuthorising(basketId: string, payPalOrderId: string, now: string): Promise<boolean>;
  /**
   * Ends an authorisation that held nothing: `failed` when PayPal refused it, `linked` again when its outcome is
   * not known (reconciliation asks PayPal later). Only from `authorising`, so a run that did authorise is never undone.
   */
  endAuthorising(basketId: string, payPalOrderId: string, state: 'linked' | 'failed', now: string): Promise<void>;
  /** Stores a payment error, its text cut to the lengths LogError accepts. */
  logError(report: PaymentErrorReport, now: string): Promise<void>;
}

/** LogError's limits (openapi.yaml PaymentErrorData), also applied to what the server logs itself. */
const MESSAGE_MAX_LENGTH = 500;
const DETAILS_MAX_LENGTH = 4_000;

/** A payment holds nothing yet in these states, so its link may be replaced and an authorisation recorded. */
const unheldStates: readonly PaymentState[] = ['linked', 'authorising', 'failed'];

export function createPaymentRepository(db: Kysely<DatabaseSchema>, syncToDisk: () => Promise<void>): PaymentRepository {
  return {
    link({ basketId, payPalOrderId, paymentSource }, now) {
      return db.transaction().execute(async (transaction): Promise<LinkOutcome> => {
        // A write that changes nothing holds the basket's row lock on PostgreSQL, as confirming takes it first too.
        const basket = await transaction
          .updateTable('baskets')
          .set((expression) => ({ revision: expression.ref('revision') }))
          .where('basket_id', '=', basketId)
          .returning(['order_ref', 'payment_type'])
          .executeTakeFirst();
        if (basket === undefined) return { outcome: 'missing' };
        if (basket.order_ref !== null) return { outcome: 'confirmed' };
        if (basket.payment_type !== PaymentType.InternetOrder) return { outcome: 'notOnline' };

        const owner = await transaction.selectFrom('payments').select('basket_id').where('paypal_order_id', '=', payPalOrderId).executeTakeFirst();
        if (owner !== undefined && owner.basket_id !== basketId) return { outcome: 'taken' };
        const current = await transaction.selectFrom('payments').selectAll().where('basket_id', '=', basketId).executeTakeFirst();
        if (current === undefined) {
          const row = await transaction
            .insertInto('payments')
            .values({
              basket_id: basketId,
              paypal_order_id: payPalOrderId,
              payment_source: paymentSource,
              state: 'linked',
              amount_pence: null,
              authorization_id: null,
              capture_id: null,
              refund_id: null,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return { outcome: 'linked', payment: paymentOf(row) };
        }
        const replaceable = current.state === 'linked' || current.state === 'failed';
        if (!replaceable) return { outcome: 'settling', payment: paymentOf(current) };
        const row = await transaction
          .updateTable('payments')
          .set({ paypal_order_id: payPalOrderId, payment_source: paymentSource, state: 'linked', updated_at: now })
          .where('basket_id', '=', basketId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { outcome: 'linked', payment: paymentOf(row) };
      });
    },

    async find(basketId) {
      const row = await db.selectFrom('payments').selectAll().where('basket_id', '=', basketId).executeTakeFirst();
      return row === undefined ? undefined : paymentOf(row);
    },

    async startAuthorising(basketId, payPalOrderId, now) {
      const { numUpdatedRows } = await db
        .updateTable('payments')
        .set({ state: 'authorising', updated_at: now })
        .where('basket_id', '=', basketId)
        .where('paypal_order_id', '=', payPalOrderId)
        .where('state', 'in', unheldStates)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) return false;
      // A crash from here on leaves a payment PayPal may have authorised: reconciliation must find it.
      await syncToDisk();
      return true;
    },

    async endAuthorising(basketId, payPalOrderId, state, now) {
      await db
        .updateTable('payments')
        .set({ state, updated_at: now })
        .where('basket_id', '=', basketId)
        .where('paypal_order_id', '=', payPalOrderId)
        .where('state', '=', 'authorising')
        .execute();
    },

    async logError({ basketId, reportedBy, errorMode, message, details }, now) {
      await db
        .insertInto('payment_error_logs')
        .values({
          basket_id: basketId,
          reported_by: reportedBy,
          error_mode: errorMode,
          message: message.slice(0, MESSAGE_MAX_LENGTH),
          details: details === null ? null : details.slice(0, DETAILS_MAX_LENGTH),
          created_at: now,
        })
        .execute();
    },
  };
}

/**
 * Inside the confirming transaction: the basket's payment becomes `authorised` (held) with PayPal's authorisation.
 * False when the basket's payment is not this PayPal order's, or has already moved on.
 */
export function* recordAuthorised(basketId: string, authorisation: PaymentAuthorisation, now: string): Steps<boolean> {
  return (yield* settleAuthorisation(basketId, authorisation, 'authorised', now)) > 0;
}

/**
 * Inside the transaction that refused to confirm: PayPal's authorisation is to be voided (`void_due`, and the void in
 * the outbox), unless the basket's payment has already recorded it.
 */
export function* voidUnrecordedAuthorisation(basketId: string, authorisation: PaymentAuthorisation, now: string): Steps<void> {
  if ((yield* settleAuthorisation(basketId, authorisation, 'void_due', now)) === 0) return;
  yield* insertRow('payment_outbox', {
    basket_id: basketId,
    operation: 'void',
    created_at: now,
    done_at: null,
    attempts: 0,
    last_error: null,
    next_attempt_at: now,
  });
}

function* settleAuthorisation(basketId: string, authorisation: PaymentAuthorisation, state: PaymentState, now: string): Steps<number> {
  return yield* changesOf(
    'update "payments" set "state" = ?, "authorization_id" = ?, "amount_pence" = ?, "updated_at" = ? ' +
      `where "basket_id" = ? and "paypal_order_id" = ? and "state" in (${placeholders(unheldStates.length)})`,
    state,
    authorisation.authorizationId,
    authorisation.amountPence,
    now,
    basketId,
    authorisation.payPalOrderId,
    ...unheldStates,
  );
}

function paymentOf(row: Selectable<PaymentsTable>): Payment {
  return {
    basketId: row.basket_id,
    payPalOrderId: row.paypal_order_id,
    paymentSource: row.payment_source,
    state: row.state,
    amountPence: row.amount_pence,
    authorizationId: row.authorization_id,
    captureId: row.capture_id,
    refundId: row.refund_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
