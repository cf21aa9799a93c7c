import type { Kysely, Selectable, Transaction } from 'kysely';
import { isActiveKitchenStatus } from '../../domain/kitchenStatus';
import { londonDateAt } from '../../domain/londonClock';
import {
  AcceptanceStatus,
  KitchenStatus,
  type AcceptanceStatusValue,
  type KitchenStatusValue,
  type OrderTypeValue,
  type PaymentTypeValue,
} from '../../domain/orderEnums';
import type { AcceptanceEvent, AcceptanceState, Actor, OrderAcceptance } from '../domain/acceptance';
import type { DatabaseSchema, OrderAcceptancesTable, OrderEventsTable } from './schema';

/** A confirmed order as the acceptance request starts from it. */
export interface ConfirmedOrder {
  asap: boolean;
  requestedTime: string | null;
  orderType: OrderTypeValue;
  confirmedAt: string;
}

/** When a new request's order is due, and when the restaurant's time to answer it starts. */
export interface RequestTimes {
  updateTime: string;
  answerFrom: string;
}

/** An order is named by its basketId on the customer's /orderbuilder calls and by its orderRef everywhere else. */
export type OrderKey = { basketId: string } | { orderRef: string };

export type OrderEvent = Omit<Selectable<OrderEventsTable>, 'basket_id' | 'event_no'>;

/** The reads; a change is written in a service's transaction by the functions below (the acceptance service). */
export interface AcceptanceRepository {
  find(key: OrderKey): Promise<OrderAcceptance | undefined>;
  /** The basketIds of requests still Requested, not cancelled, whose time to answer started at or before `answerFrom`. */
  findWaitingSince(answerFrom: string): Promise<string[]>;
  /** The basketIds of orders confirmed between the two instants (inclusive) whose acceptance was never requested. */
  findConfirmedWithoutRequest(confirmedSince: string, confirmedUntil: string): Promise<string[]>;
  /** Requests made at or after `requestedSince`, and older ones not yet final; newest first. */
  listForKitchen(requestedSince: string): Promise<OrderAcceptance[]>;
  history(key: OrderKey): Promise<OrderEvent[]>;
}

const activeKitchenStatuses = Object.values(KitchenStatus).filter(isActiveKitchenStatus);

type AcceptanceRow = Selectable<OrderAcceptancesTable> & { order_ref: string | null; order_number: number | null; order_type: number; payment_type: number };

export function createAcceptanceRepository(db: Kysely<DatabaseSchema>): AcceptanceRepository {
  return {
    find: (key) => readAcceptance(db, key),

    async findConfirmedWithoutRequest(confirmedSince, confirmedUntil) {
      // By the orders' London days first: the order numbers' index leads with them.
      const orderDates = [...new Set([londonDateAt(Date.parse(confirmedSince)), londonDateAt(Date.parse(confirmedUntil))])];
      const rows = await db
        .selectFrom('baskets')
        .leftJoin('order_acceptances', 'order_acceptances.basket_id', 'baskets.basket_id')
        .select('baskets.basket_id')
        .where('baskets.order_date', 'in', orderDates)
        .where('baskets.order_ref', 'is not', null)
        .where('baskets.confirmed_at', '>=', confirmedSince)
        .where('baskets.confirmed_at', '<=', confirmedUntil)
        .where('order_acceptances.basket_id', 'is', null)
        .execute();
      return rows.map((row) => row.basket_id);
    },

    async findWaitingSince(answerFrom) {
      const rows = await db
        .selectFrom('order_acceptances')
        .select('basket_id')
        .where('status', '=', AcceptanceStatus.Requested)
        .where('cancelled_at', 'is', null)
        .where('answer_from', '<=', answerFrom)
        .execute();
      return rows.map((row) => row.basket_id);
    },

    async listForKitchen(requestedSince) {
      // Three parts, each found through its own index (migrations 0009 and 0010): written as one condition joined by `or`,
      // the list walked every request the restaurant ever had, on every read of the dashboard.
      const ids = db.selectFrom('order_acceptances').select('basket_id');
      const rows = await selectAcceptances(db)
        .where('order_acceptances.basket_id', 'in', () =>
          ids
            .where('requested_at', '>=', requestedSince)
            .unionAll(ids.where('status', 'in', [AcceptanceStatus.Requested, AcceptanceStatus.Updated]).where('cancelled_at', 'is', null))
            .unionAll(ids.where('kitchen_status', 'in', activeKitchenStatuses).where('cancelled_at', 'is', null)),
        )
        .orderBy('order_acceptances.requested_at', 'desc')
        .orderBy('order_acceptances.basket_id')
        .execute();
      return rows.map(acceptanceOf);
    },

    async history(key) {
      const basketId = 'basketId' in key ? key.basketId : await basketIdOf(db, key.orderRef);
      if (basketId === undefined) return [];
      return db
        .selectFrom('order_events')
        .select(['at', 'change', 'from_value', 'to_value', 'actor'])
        .where('basket_id', '=', basketId)
        .orderBy('event_no')
        .execute();
    },
  };
}

/**
 * Locks the basket until the transaction ends (on PostgreSQL: a write that changes nothing holds its row lock) and answers
 * it as a request starts from it: undefined when there is no such basket, 'unconfirmed' before it is confirmed.
 */
export async function lockBasketForRequest(transaction: Transaction<DatabaseSchema>, basketId: string): Promise<ConfirmedOrder | 'unconfirmed' | undefined> {
  const locked = await transaction
    .updateTable('baskets')
    .set((expression) => ({ revision: expression.ref('revision') }))
    .where('basket_id', '=', basketId)
    .returning(['order_ref', 'confirmed_at', 'asap', 'requested_time', 'order_type'])
    .executeTakeFirst();
  if (locked === undefined) return undefined;
  if (locked.order_ref === null || locked.confirmed_at === null) return 'unconfirmed';
  return { asap: locked.asap === 1, requestedTime: locked.requested_time, orderType: locked.order_type as OrderTypeValue, confirmedAt: locked.confirmed_at };
}

/** Writes a new request, Requested, for a basket the caller has locked. */
export async function insertRequest(transaction: Transaction<DatabaseSchema>, basketId: string, { updateTime, answerFrom }: RequestTimes, now: string): Promise<void> {
  await transaction
    .insertInto('order_acceptances')
    .values({
      basket_id: basketId,
      status: AcceptanceStatus.Requested,
      requested_at: now,
      answer_from: answerFrom,
      update_time: updateTime,
      proposed_time: null,
      refusal_reason: null,
      cancelled_at: null,
      kitchen_status: null,
      kitchen_status_changed_at: null,
    })
    .execute();
}

/**
 * Locks the order's request until the transaction ends, then reads it: a concurrent change waits at the lock and then
 * reads what the first one stored. Undefined when the order has no request.
 */
export async function lockRequest(transaction: Transaction<DatabaseSchema>, key: OrderKey): Promise<OrderAcceptance | undefined> {
  const basketId = 'basketId' in key ? key.basketId : await basketIdOf(transaction, key.orderRef);
  if (basketId === undefined) return undefined;
  const locked = await transaction
    .updateTable('order_acceptances')
    .set((expression) => ({ status: expression.ref('status') }))
    .where('basket_id', '=', basketId)
    .executeTakeFirst();
  if (locked.numUpdatedRows === 0n) return undefined;
  return readAcceptance(transaction, { basketId });
}

/** Stores the request's new state. */
export async function writeRequest(transaction: Transaction<DatabaseSchema>, basketId: string, next: AcceptanceState): Promise<void> {
  await transaction
    .updateTable('order_acceptances')
    .set({
      status: next.status,
      update_time: next.updateTime,
      proposed_time: next.proposedTime,
      refusal_reason: next.refusalReason,
      cancelled_at: next.cancelledAt,
      kitchen_status: next.kitchenStatus,
      kitchen_status_changed_at: next.kitchenStatusChangedAt,
      unavailable_lines: JSON.stringify(next.unavailableLines),
    })
    .where('basket_id', '=', basketId)
    .execute();
}

async function basketIdOf(db: Kysely<DatabaseSchema>, orderRef: string): Promise<string | undefined> {
  const row = await db.selectFrom('baskets').select('basket_id').where('order_ref', '=', orderRef).executeTakeFirst();
  return row?.basket_id;
}

function selectAcceptances(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('order_acceptances')
    .innerJoin('baskets', 'baskets.basket_id', 'order_acceptances.basket_id')
    .selectAll('order_acceptances')
    .select(['baskets.order_ref', 'baskets.order_number', 'baskets.order_type', 'baskets.payment_type']);
}

export async function readAcceptance(db: Kysely<DatabaseSchema>, key: OrderKey): Promise<OrderAcceptance | undefined> {
  const query = selectAcceptances(db);
  const row = await ('basketId' in key
    ? query.where('order_acceptances.basket_id', '=', key.basketId)
    : query.where('baskets.order_ref', '=', key.orderRef)
  ).executeTakeFirst();
  return row === undefined ? undefined : acceptanceOf(row);
}

function acceptanceOf(row: AcceptanceRow): OrderAcceptance {
  // A request exists only for a confirmed basket, and confirmation sets the orderRef.
  if (row.order_ref === null || row.order_number === null) throw new Error(`The order ${row.basket_id} has an acceptance request but no orderRef`);
  return {
    basketId: row.basket_id,
    orderRef: row.order_ref,
    orderNumber: row.order_number,
    requestedAt: row.requested_at,
    // Every request has one (migration 0017 gave the older ones their request time).
    answerFrom: row.answer_from ?? row.requested_at,
    orderType: row.order_type as OrderTypeValue,
    paymentType: row.payment_type as PaymentTypeValue,
    status: row.status as AcceptanceStatusValue,
    updateTime: row.update_time,
    proposedTime: row.proposed_time,
    refusalReason: row.refusal_reason,
    cancelledAt: row.cancelled_at,
    kitchenStatus: row.kitchen_status as KitchenStatusValue | null,
    kitchenStatusChangedAt: row.kitchen_status_changed_at,
    unavailableLines: JSON.parse(row.unavailable_lines) as number[],
  };
}

/** Appends the order's history of a change (acceptanceEvents). */
export async function appendEvents(
  transaction: Transaction<DatabaseSchema>,
  basketId: string,
  at: string,
  actor: Actor,
  events: readonly AcceptanceEvent[],
): Promise<void> {
  // The caller holds the order's lock, so counting gives the next number without a race.
  const { count } = await transaction
    .selectFrom('order_events')
    .select((select) => select.fn.countAll<number | string>().as('count'))
    .where('basket_id', '=', basketId)
    .executeTakeFirstOrThrow();
  const first = Number(count);
  await transaction
    .insertInto('order_events')
    .values(
      events.map((event, index) => ({
        basket_id: basketId,
        event_no: first + index,
        at,
        change: event.change,
        from_value: event.from,
        to_value: event.to,
        actor,
      })),
    )
    .execute();
}
