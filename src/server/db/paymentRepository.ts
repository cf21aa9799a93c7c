import type { Insertable, Kysely, Selectable } from 'kysely';
import { BasketStatus, PaymentType } from '../../domain/orderEnums';
import type { MoneyStep } from '../domain/moneyFlow';
import type { DatabaseSchema, HonourOutcome, PaymentErrorLogsTable, PaymentOperation, PaymentsTable, PaymentState } from './schema';
import { queueNotifications, type MomentToQueue } from './notificationRepository';
import { queueCorrectedTickets } from './printRepository';
import { claimRows, dueAt } from './outboxClaims';
import { changesOf, firstRowOf, insertRow, placeholders, runOnKysely, type Steps } from './statementSteps';

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
  /** How the customer paid, as PayPal's order says (the browser's word, stored when it linked the order, is only a claim). */
  fundingSource: 'card' | 'paypal';
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

function errorLogRow({ basketId, reportedBy, errorMode, message, details }: PaymentErrorReport, now: string): Insertable<PaymentErrorLogsTable> {
  return {
    basket_id: basketId,
    reported_by: reportedBy,
    error_mode: errorMode,
    message: message.slice(0, MESSAGE_MAX_LENGTH),
    details: details === null ? null : details.slice(0, DETAILS_MAX_LENGTH),
    created_at: now,
  };
}

/** A payment holds nothing yet in these states, so its link may be replaced and an authorisation recorded. */
const unheldStates: readonly PaymentState[] = ['linked', 'authorising', 'failed'];
/** An authorisation left to be voided, or voided: the money is, or is being, given back to the payer. */
export const releasedStates: readonly PaymentState[] = ['void_due', 'voided'];
/** A payment left between two steps, which reconciliation settles once it is stale. */
const unsettledStates = ['linked', 'authorising'] as const satisfies readonly PaymentState[];

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

    async logError(report, now) {
      await db.insertInto('payment_error_logs').values(errorLogRow(report, now)).execute();
    },
  };
}

/**
 * What became of an authorisation the confirming transaction came to record: `recorded` (the payment is `authorised`);
 * `released` when reconciliation had already left this very authorisation to be voided (the customer came back after
 * the grace period); `notLinked` when the basket's payment is not this PayPal order's, or has moved on otherwise.
 */
export type AuthorisationRecord = 'recorded' | 'released' | 'notLinked';

/** Inside the confirming transaction: the basket's payment becomes `authorised` (held) with PayPal's authorisation. */
export function* recordAuthorised(basketId: string, authorisation: PaymentAuthorisation, now: string): Steps<AuthorisationRecord> {
  if ((yield* settleAuthorisation(basketId, authorisation, 'authorised', now)) > 0) return 'recorded';
  const payment = yield* firstRowOf<Pick<Selectable<PaymentsTable>, 'state' | 'authorization_id'>>(
    'select "state", "authorization_id" from "payments" where "basket_id" = ?',
    basketId,
  );
  const released = payment !== undefined && releasedStates.includes(payment.state) && payment.authorization_id === authorisation.authorizationId;
  return released ? 'released' : 'notLinked';
}

/**
 * Inside the transaction that refused to confirm, or reconciliation's: PayPal's authorisation is to be voided
 * (`void_due`, and the void in the outbox), unless the basket's payment has already recorded it, or (with
 * `unchangedSince`) has changed since it was read. True when it is.
 */
export function* voidUnrecordedAuthorisation(
  basketId: string,
  authorisation: PaymentAuthorisation,
  now: string,
  unchangedSince?: string,
): Steps<boolean> {
  if ((yield* settleAuthorisation(basketId, authorisation, 'void_due', now, unchangedSince)) === 0) return false;
  yield* insertRow('payment_outbox', {
    basket_id: basketId,
    operation: 'void',
    created_at: now,
    done_at: null,
    attempts: 0,
    last_error: null,
    next_attempt_at: now,
  });
  return true;
}

/**
 * Inside the acceptance change's transaction: the basket's payment, if it is in one of `step.from`'s states, becomes
 * `step.to` and the step is queued in the outbox (at most once per basket and operation). True when a step was queued.
 */
export function* queueMoneyStep(basketId: string, step: MoneyStep, now: string): Steps<boolean> {
  const moved = yield* changesOf(
    `update "payments" set "state" = ?, "updated_at" = ? where "basket_id" = ? and "state" in (${placeholders(step.from.length)})`,
    step.to,
    now,
    basketId,
    ...step.from,
  );
  if (moved === 0) return false;
  return (yield* queueOutboxRow(basketId, step.operation, now)) > 0;
}

/** Inside the acceptance change's transaction: the order refunded from the dashboard is PayPalRefunded. */
export function* markPayPalRefunded(basketId: string): Steps<void> {
  yield* changesOf('update "baskets" set "status" = ? where "basket_id" = ?', BasketStatus.PayPalRefunded, basketId);
}

function* queueOutboxRow(basketId: string, operation: PaymentOperation, now: string): Steps<number> {
  return yield* changesOf(
    'insert into "payment_outbox" ("basket_id", "operation", "created_at", "done_at", "attempts", "last_error", "next_attempt_at") ' +
      'values (?, ?, ?, null, 0, null, ?) on conflict ("basket_id", "operation") do nothing',
    basketId,
    operation,
    now,
    now,
  );
}

/** An outbox step whose time has come, with what PayPal needs to send it. */
export interface DueMoneyStep {
  id: number;
  basketId: string;
  operation: PaymentOperation;
  attempts: number;
  authorizationId: string;
  captureId: string | null;
  /** When the money was held (or held again); null for payments held before migration 0017. */
  authorisedAt: string | null;
  /** Set once the honour period has been dealt with for this payment. */
  honourOutcome: HonourOutcome | null;
}

/** What PayPal answered to a step: the capture's or the refund's id (a void has none). */
export type MoneyStepResult =
  | { operation: 'capture'; captureId: string }
  | { operation: 'void' }
  | { operation: 'refund'; refundId: string };

/** The outbox as the worker reads and settles it (the payment outbox worker). */
export interface PaymentOutbox {
  /**
   * Steps not done, due at `now` and not claimed by another worker (or whose claim has lapsed), oldest first, each
   * claimed until `claimedUntil` in one conditional update, so two servers never both get one; a refund waits until
   * its basket's capture is done.
   */
  claimDue(now: string, claimedUntil: string, limit: number): Promise<DueMoneyStep[]>;
  /**
   * In one transaction: the step done, and the payment captured, voided or refunded with PayPal's ids; nothing when
   * the step was already done (a duplicate sent after its claim lapsed).
   */
  complete(step: DueMoneyStep, result: MoneyStepResult, now: string): Promise<void>;
  /** The attempt failed: its claim released and tried again at `nextAttemptAt`. */
  recordFailure(step: DueMoneyStep, error: string, nextAttemptAt: string): Promise<void>;
  /** PayPal held the money again under `authorizationId`: the payment keeps it, and records that it was reauthorised. */
  recordReauthorised(step: DueMoneyStep, authorizationId: string, now: string): Promise<void>;
  /**
   * PayPal refused to hold the money again: in one transaction the capture is given up (done, nothing taken), the
   * payment is released (`void_due`, the void queued) and marked to be paid in cash, with a payment error logged, and
   * `tell` (what the customer is told of it) and the order's corrected kitchen tickets (`queueCorrectedTickets`) queued. Only while the step is not done and the payment still
   * `capture_due`; otherwise nothing changes. True when it fell back.
   */
  fallBackToCash(step: DueMoneyStep, reason: string, now: string, tell: readonly MomentToQueue[]): Promise<boolean>;
}

const settledStateOf: Record<PaymentOperation, PaymentState> = { capture: 'captured', void: 'voided', refund: 'refunded' };

export function createPaymentOutbox(db: Kysely<DatabaseSchema>, syncToDisk: () => Promise<void>): PaymentOutbox {
  return {
    async claimDue(now, claimedUntil, limit) {
      const dueIds = db
        .selectFrom('payment_outbox as due')
        .select('due.id')
        .where(dueAt(now, 'due'))
        .where((where) =>
          where.or([
            where('due.operation', '!=', 'refund'),
            where.not(
              where.exists(
                where
                  .selectFrom('payment_outbox as capture')
                  .select('capture.id')
                  .whereRef('capture.basket_id', '=', 'due.basket_id')
                  .where('capture.operation', '=', 'capture')
                  .where('capture.done_at', 'is', null),
              ),
            ),
          ]),
        )
        .orderBy('due.id')
        .limit(limit);
      const claimedIds = (await claimRows(db, 'payment_outbox', 'id', dueIds, now, claimedUntil)).map((row) => row.id);
      const rows =
        claimedIds.length === 0
          ? []
          : await db
              .selectFrom('payment_outbox')
              .innerJoin('payments', 'payments.basket_id', 'payment_outbox.basket_id')
              .select([
                'payment_outbox.id',
                'payment_outbox.basket_id',
                'payment_outbox.operation',
                'payment_outbox.attempts',
                'payments.authorization_id',
                'payments.capture_id',
                'payments.authorised_at',
                'payments.honour_outcome',
              ])
              .where('payment_outbox.id', 'in', claimedIds)
              .orderBy('payment_outbox.id')
              .execute();
      return rows.map((row) => {
        // The payments' check constraint keeps an authorisation on every payment that holds, took or gives back money.
        if (row.authorization_id === null) {
          throw new Error(`The payment of ${row.basket_id} has a ${row.operation} due but no authorisation`);
        }
        return {
          id: row.id,
          basketId: row.basket_id,
          operation: row.operation,
          attempts: row.attempts,
          authorizationId: row.authorization_id,
          captureId: row.capture_id,
          authorisedAt: row.authorised_at,
          honourOutcome: row.honour_outcome,
        };
      });
    },

    async complete(step, result, now) {
      await db.transaction().execute(async (transaction) => {
        const { numUpdatedRows } = await transaction
          .updateTable('payment_outbox')
          .set({ done_at: now, claimed_until: null })
          .where('id', '=', step.id)
          .where('done_at', 'is', null)
          .executeTakeFirst();
        // Another worker (whose claim had lapsed) recorded this step first; the payment may have moved on since.
        if (numUpdatedRows === 0n) return;
        const payment = transaction.updateTable('payments').where('basket_id', '=', step.basketId);
        if (result.operation === 'capture') {
          // A refund queued while the capture was due keeps the payment refund_due.
          await payment
            .set((expression) => ({
              capture_id: result.captureId,
              state: expression.case().when('state', '=', 'capture_due').then(settledStateOf.capture).else(expression.ref('state')).end(),
              updated_at: now,
            }))
            .execute();
        } else if (result.operation === 'refund') {
          await payment.set({ refund_id: result.refundId, state: settledStateOf.refund, updated_at: now }).execute();
        } else {
          await payment.set({ state: settledStateOf.void, updated_at: now }).execute();
        }
      });
      await syncToDisk();
    },

    async recordFailure(step, error, nextAttemptAt) {
      await db
        .updateTable('payment_outbox')
        .set((expression) => ({
          attempts: expression('attempts', '+', 1),
          last_error: error.slice(0, 2_000),
          next_attempt_at: nextAttemptAt,
          claimed_until: null,
        }))
        .where('id', '=', step.id)
        .where('done_at', 'is', null)
        .execute();
    },

    async recordReauthorised(step, authorizationId, now) {
      await db
        .updateTable('payments')
        .set({ authorization_id: authorizationId, authorised_at: now, honour_outcome: 'reauthorised', updated_at: now })
        .where('basket_id', '=', step.basketId)
        .execute();
      await syncToDisk();
    },

    async fallBackToCash(step, reason, now, tell) {
      const fellBack = await db.transaction().execute(async (transaction) => {
        // A write that changes nothing locks the step's row before the payment's, in the order complete takes them, so a
        // worker completing the capture at this moment is waited for (and then found done) instead of overwritten.
        const stepDue = await transaction
          .updateTable('payment_outbox')
          .set((expression) => ({ attempts: expression.ref('attempts') }))
          .where('id', '=', step.id)
          .where('done_at', 'is', null)
          .executeTakeFirst();
        if (stepDue.numUpdatedRows === 0n) return false;
        // Only money still waiting to be taken is released: a payment captured, or cancelled and to be refunded,
        // meanwhile is not made cash.
        const released = await transaction
          .updateTable('payments')
          .set({ state: 'void_due', honour_outcome: 'cash', updated_at: now })
          .where('basket_id', '=', step.basketId)
          .where('state', '=', 'capture_due')
          .executeTakeFirst();
        if (released.numUpdatedRows === 0n) return false;
        await transaction.updateTable('payment_outbox').set({ done_at: now, claimed_until: null }).where('id', '=', step.id).execute();
        await runOnKysely(transaction, queueOutboxRow(step.basketId, 'void', now));
        const report = { basketId: step.basketId, reportedBy: 'server' as const, errorMode: 'honour-period', message: 'PayPal refused to reauthorise: to be paid in cash', details: reason };
        await transaction.insertInto('payment_error_logs').values(errorLogRow(report, now)).execute();
        // The customer believes they paid online: told in the same transaction, so a crash cannot lose it, and queued
        // once (a fall-back happens once), however often the worker is retried.
        await queueNotifications(transaction, step.basketId, tell, now);
        // The kitchen ticket printed at acceptance says the order was paid online, nothing to collect: it is printed
        // again, corrected, with the cash to collect (docs/printing.md), in the same transaction for the same reason.
        await queueCorrectedTickets(transaction, step.basketId, now);
        return true;
      });
      if (fellBack) await syncToDisk();
      return fellBack;
    },
  };
}

/** Why reconciliation settled a payment as it did, for the payment error log. */
export type ReconciliationReport = Pick<PaymentErrorReport, 'errorMode' | 'message' | 'details'>;

/** The payments left between two steps, as reconciliation reads and settles them (the payments' reconciliation). */
export interface UnsettledPayments {
  /** Payments `linked` or `authorising` whose last change was at or before `changedBefore`, oldest first. */
  findStale(changedBefore: string, limit: number): Promise<Payment[]>;
  /**
   * In one transaction, unless the payment has changed since it was read: PayPal's authorisation recorded and left to
   * be voided (`void_due`, and the void in the outbox), and `report` logged. True when it was.
   */
  release(payment: Payment, authorisation: PaymentAuthorisation, report: ReconciliationReport, now: string): Promise<boolean>;
  /** The same for a payment PayPal holds nothing for: `failed`, so the basket may be paid with a new PayPal order. */
  fail(payment: Payment, report: ReconciliationReport, now: string): Promise<boolean>;
}

export function createUnsettledPayments(db: Kysely<DatabaseSchema>, syncToDisk: () => Promise<void>): UnsettledPayments {
  const logRow = (payment: Payment, report: ReconciliationReport, now: string) =>
    errorLogRow({ basketId: payment.basketId, reportedBy: 'server', ...report }, now);
  return {
    async findStale(changedBefore, limit) {
      const rows = await db
        .selectFrom('payments')
        .selectAll()
        .where('state', 'in', unsettledStates)
        .where('updated_at', '<=', changedBefore)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map(paymentOf);
    },

    async release(payment, authorisation, report, now) {
      const released = await db.transaction().execute(async (transaction) => {
        if (!(await runOnKysely(transaction, voidUnrecordedAuthorisation(payment.basketId, authorisation, now, payment.updatedAt)))) return false;
        await transaction.insertInto('payment_error_logs').values(logRow(payment, report, now)).execute();
        return true;
      });
      // Money PayPal holds is never forgotten.
      if (released) await syncToDisk();
      return released;
    },

    async fail(payment, report, now) {
      const failed = await db.transaction().execute(async (transaction) => {
        const { numUpdatedRows } = await transaction
          .updateTable('payments')
          .set({ state: 'failed', updated_at: now })
          .where('basket_id', '=', payment.basketId)
          .where('paypal_order_id', '=', payment.payPalOrderId)
          .where('state', 'in', unsettledStates)
          .where('updated_at', '=', payment.updatedAt)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) return false;
        await transaction.insertInto('payment_error_logs').values(logRow(payment, report, now)).execute();
        return true;
      });
      if (failed) await syncToDisk();
      return failed;
    },
  };
}

/** The basket's unheld payment of the authorisation's PayPal order (and, given `unchangedSince`, untouched since then) takes it. */
function* settleAuthorisation(
  basketId: string,
  authorisation: PaymentAuthorisation,
  state: PaymentState,
  now: string,
  unchangedSince?: string,
): Steps<number> {
  return yield* changesOf(
    'update "payments" set "state" = ?, "authorization_id" = ?, "amount_pence" = ?, "payment_source" = ?, "updated_at" = ?, "authorised_at" = ? ' +
      `where "basket_id" = ? and "paypal_order_id" = ? and "state" in (${placeholders(unheldStates.length)})` +
      (unchangedSince === undefined ? '' : ' and "updated_at" = ?'),
    state,
    authorisation.authorizationId,
    authorisation.amountPence,
    authorisation.fundingSource,
    now,
    now,
    basketId,
    authorisation.payPalOrderId,
    ...unheldStates,
    ...(unchangedSince === undefined ? [] : [unchangedSince]),
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
