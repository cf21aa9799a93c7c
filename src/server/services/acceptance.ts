import type { Transaction } from 'kysely';
import {
  appendEvents,
  insertRequest,
  lockBasketForRequest,
  lockRequest,
  readAcceptance,
  writeRequest,
  type ConfirmedOrder,
  type OrderKey,
  type RequestTimes,
} from '../db/acceptanceRepository';
import { creditAcceptedOrder, giveLoyaltyBack } from '../db/loyaltyLedger';
import { queueNotifications } from '../db/notificationRepository';
import { dropWaitingPrintJobs, queuePrintJobs } from '../db/printRepository';
import type { Repositories, RestaurantData } from '../db/repositories';
import type { DatabaseSchema } from '../db/schema';
import { runOnKysely } from '../db/statementSteps';
import { acceptanceEvents, printsTickets, stateOf, type AcceptanceDecision, type AcceptanceState, type Actor, type OrderAcceptance } from '../domain/acceptance';
import { answerFromOf } from '../domain/autoRefusal';
import { dueTime } from '../domain/dueTime';
import { earnsPoints, givesLoyaltyBack, orderHasFallenThrough } from '../domain/loyalty';
import { channelsOf, momentsOf } from '../notifications/moments';
import { leadMinutesNow } from './orderTimes';
import { queueMoneyMovement } from './payments';

// An order's acceptance as one transaction each (docs/acceptance-and-kitchen.md): the request, then every change the
// customer, the kitchen or the automatic refusal makes. The change and what it sets going are written together: the
// customer's notifications, the money PayPal is to capture, void or refund, the kitchen's tickets (or, for an order
// that fell through, the dropping of those still waiting), and the vouchers and points of an order that fell through
// given back. The outboxes' workers are kicked once it has committed.

export type RequestOutcome =
  | { outcome: 'requested' | 'existing'; acceptance: OrderAcceptance }
  | { outcome: 'unconfirmed' }
  | { outcome: 'missing' };

export type ChangeOutcome =
  | { outcome: 'changed' | 'unchanged'; acceptance: OrderAcceptance }
  | { outcome: 'refused'; errorMessage: string }
  | { outcome: 'missing' };

/** What a transaction queued, for the kicks after it commits. */
export interface Queued {
  moneyStep: boolean;
  notification: boolean;
  printJob: boolean;
}

export const nothingQueued = (): Queued => ({ moneyStep: false, notification: false, printJob: false });

/**
 * A use-case's transaction that writes an acceptance with other rows (a phone order placed and accepted at once): its
 * time, who acts, and what it has queued so far, for the caller to kick once it has committed.
 */
export interface AcceptanceWrite {
  transaction: Transaction<DatabaseSchema>;
  now: string;
  actor: Actor;
  queued: Queued;
}

export function kickOutboxes(repositories: Repositories, queued: Queued): void {
  if (queued.moneyStep) repositories.outboxQueued.moneyStep();
  if (queued.notification) repositories.outboxQueued.notification();
  if (queued.printJob) repositories.outboxQueued.printJob();
}

/** Queues what the customer is told of the change from `before` to `after`; whether anything was queued. */
async function tellCustomer(transaction: Transaction<DatabaseSchema>, basketId: string, before: AcceptanceState | undefined, after: OrderAcceptance, now: string): Promise<boolean> {
  const moments = momentsOf(before, after, after.orderType).map((told) => ({ ...told, channels: channelsOf(told.moment) }));
  return (await queueNotifications(transaction, basketId, moments, now)) > 0;
}

/**
 * The times of a request made at `now`: an ASAP order is due after the lead time busy mode lengthens, and the
 * restaurant's time to answer starts then, or at its next opening for a pre-order.
 */
export function requestTimesAt(restaurant: RestaurantData, now: Date): (order: ConfirmedOrder) => RequestTimes {
  const leadMinutes = leadMinutesNow(restaurant, now);
  const requestedAt = now.toISOString();
  return (order) => {
    const updateTime = dueTime(order, leadMinutes);
    return {
      updateTime,
      answerFrom: answerFromOf({ requestedAt, dueTime: updateTime, openingPeriods: restaurant.openingHours, specialDays: restaurant.specialDays ?? [] }),
    };
  };
}

/**
 * Locks the basket; answers its request unchanged if there is one; otherwise, if the basket is confirmed, makes the
 * request (Requested, with `timesOf(order)`) and queues the customer's "placed" notification.
 */
export async function requestAcceptance(
  repositories: Repositories,
  basketId: string,
  timesOf: (order: ConfirmedOrder) => RequestTimes,
  now: string,
  actor: Actor,
): Promise<RequestOutcome> {
  const queued = nothingQueued();
  const outcome = await repositories.inTransaction((transaction) => requestInTransaction({ transaction, now, actor, queued }, basketId, timesOf));
  kickOutboxes(repositories, queued);
  return outcome;
}

/** requestAcceptance inside the caller's transaction. */
export async function requestInTransaction(
  { transaction, now, actor, queued }: AcceptanceWrite,
  basketId: string,
  timesOf: (order: ConfirmedOrder) => RequestTimes,
): Promise<RequestOutcome> {
  const order = await lockBasketForRequest(transaction, basketId);
  if (order === undefined) return { outcome: 'missing' };
  const existing = await readAcceptance(transaction, { basketId });
  if (existing !== undefined) return { outcome: 'existing', acceptance: existing };
  if (order === 'unconfirmed') return { outcome: 'unconfirmed' };
  await insertRequest(transaction, basketId, timesOf(order), now);
  await appendEvents(transaction, basketId, now, actor, [{ change: 'acceptanceStatus', from: null, to: 'Requested' }]);
  const acceptance = await readAcceptance(transaction, { basketId });
  if (acceptance === undefined) throw new Error(`The acceptance request of ${basketId} vanished inside its transaction`);
  if (await tellCustomer(transaction, basketId, undefined, acceptance, now)) queued.notification = true;
  return { outcome: 'requested', acceptance };
}

/**
 * Locks the order's request, asks `decide` about it as stored, and writes the decision, its history and what it sets
 * going; or nothing when it is refused or changes nothing. A concurrent change waits at the lock and decides on what
 * this one stored.
 */
export async function changeAcceptance(
  repositories: Repositories,
  key: OrderKey,
  decide: (current: OrderAcceptance) => AcceptanceDecision,
  now: string,
  actor: Actor,
): Promise<ChangeOutcome> {
  const queued = nothingQueued();
  const outcome = await repositories.inTransaction((transaction) => changeInTransaction({ transaction, now, actor, queued }, key, decide));
  kickOutboxes(repositories, queued);
  return outcome;
}

/** changeAcceptance inside the caller's transaction. */
export async function changeInTransaction({ transaction, now, actor, queued }: AcceptanceWrite, key: OrderKey, decide: (current: OrderAcceptance) => AcceptanceDecision): Promise<ChangeOutcome> {
  const current = await lockRequest(transaction, key);
  if (current === undefined) return { outcome: 'missing' };
  const decision = decide(current);
  if ('errorMessage' in decision) return { outcome: 'refused', errorMessage: decision.errorMessage };
  const events = acceptanceEvents(current, decision.next);
  if (events.length === 0) return { outcome: 'unchanged', acceptance: current };

  const { basketId } = current;
  const next = stateOf(decision.next);
  const changed = { ...current, ...next };
  await writeRequest(transaction, basketId, next);
  await appendEvents(transaction, basketId, now, actor, events);
  if (givesLoyaltyBack(current, next)) await runOnKysely(transaction, giveLoyaltyBack(basketId, now));
  if (earnsPoints(current, next)) await runOnKysely(transaction, creditAcceptedOrder(basketId, now));
  // Marked, never cleared: a request made earlier in the same transaction may have queued already.
  if (await queueMoneyMovement(transaction, basketId, current, next, now)) queued.moneyStep = true;
  if (await tellCustomer(transaction, basketId, current, changed, now)) queued.notification = true;
  if (printsTickets(current, next) && (await queuePrintJobs(transaction, basketId, 'accepted', now)) > 0) queued.printJob = true;
  // An order that falls through prints nothing more: a ticket still waiting for its printer would be cooked.
  if (orderHasFallenThrough(next)) await dropWaitingPrintJobs(transaction, { basketId }, now);
  return { outcome: 'changed', acceptance: changed };
}
