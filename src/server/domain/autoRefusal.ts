import { currentOpening, openingIntervals, type OpeningPeriod, type SpecialDay } from '../../domain/openingHours';
import { AcceptanceStatus } from '../../domain/orderEnums';
import { stateOf, type AcceptanceDecision, type AcceptanceState, type OrderAcceptance } from './acceptance';

// A request the restaurant leaves unanswered is refused for it, so no customer waits indefinitely; but its clock runs
// only while someone can answer (docs/acceptance-and-kitchen.md, "Pre-orders"). The sweep, the kitchen's countdown and
// what the customer is told all read the one answer of answerFromOf, stored with the request.

/** How long before a pre-order is due the restaurant's time to answer it starts, at the latest. */
export const PRE_ORDER_ANSWER_BEFORE_DUE_MINUTES = 60;
/** How far ahead an opening is looked for: the farthest day an order may be for, and the day after. */
const ANSWER_HORIZON_DAYS = 9;

export const DEFAULT_ACCEPTANCE_TIMEOUT_SECONDS = 600;
/** How often the server refuses timed-out requests without waiting for anyone to read them. */
export const AUTO_REFUSAL_SWEEP_INTERVAL_MS = 15_000;

/**
 * The sweep's interval for a timeout: a request is refused at most one interval after it timed out, so a timeout shorter
 * than the interval (a restaurant that answers within seconds, or a test) is swept as often as it lasts.
 */
export function autoRefusalSweepIntervalMs(timeoutSeconds: number): number {
  return Math.min(AUTO_REFUSAL_SWEEP_INTERVAL_MS, timeoutSeconds * 1000);
}

export function autoRefusalReason(restaurantPhone: string): string {
  return `The restaurant did not respond in time. Please order again or phone ${restaurantPhone}.`;
}

export interface AnswerQuery {
  requestedAt: string;
  /** When the order is due (dueTime). */
  dueTime: string;
  openingPeriods: readonly OpeningPeriod[];
  specialDays?: readonly SpecialDay[];
}

/**
 * When the restaurant's time to answer a request starts: the first moment the restaurant is open at or after both the
 * request and PRE_ORDER_ANSWER_BEFORE_DUE_MINUTES before the order is due. An order the restaurant can answer now
 * (open, and due within the hour) starts at once; one placed while closed starts at the next opening; one for far ahead
 * starts an hour before it is due (or at that day's opening, when later). With no opening ahead at all (hours not yet
 * set), the clock starts at once, as it always did.
 */
export function answerFromOf({ requestedAt, dueTime, openingPeriods, specialDays = [] }: AnswerQuery): string {
  const requestedMs = Date.parse(requestedAt);
  const earliestMs = Math.max(requestedMs, Date.parse(dueTime) - PRE_ORDER_ANSWER_BEFORE_DUE_MINUTES * 60_000);
  const opening = openingIntervals(requestedMs, openingPeriods, ANSWER_HORIZON_DAYS, specialDays).find((interval) => interval.closesMs > earliestMs);
  return new Date(opening === undefined ? requestedMs : Math.max(earliestMs, opening.opensMs)).toISOString();
}

/** A pre-order: nobody is asked to answer it yet when it is placed (closed, or due far ahead). */
export function isPreOrder(order: Pick<OrderAcceptance, 'requestedAt' | 'answerFrom'>): boolean {
  return Date.parse(order.answerFrom) > Date.parse(order.requestedAt);
}

/**
 * Whether the restaurant is closed until a pre-order's `answerFrom`, which is then its opening (answerFromOf); otherwise
 * it is open then, and the pre-order waited only for the hour before it is due.
 */
export function closedUntil(answerFrom: string, openingPeriods: readonly OpeningPeriod[], specialDays: readonly SpecialDay[] = []): boolean {
  const justBeforeMs = Date.parse(answerFrom) - 1;
  return currentOpening(openingIntervals(justBeforeMs, openingPeriods, 0, specialDays), justBeforeMs) === undefined;
}

type TimedOrder = Pick<OrderAcceptance, 'status' | 'cancelledAt' | 'answerFrom'>;

/** When a request still waiting for the restaurant is refused automatically; null once it is answered or cancelled. */
export function autoRefuseAt(order: TimedOrder, timeoutSeconds: number): string | null {
  if (order.status !== AcceptanceStatus.Requested || order.cancelledAt !== null) return null;
  return new Date(Date.parse(order.answerFrom) + timeoutSeconds * 1000).toISOString();
}

/** The latest start of the time to answer that has timed out at `now`: the sweep refuses requests whose clock started at or before it. */
export function timedOutIfAnswerFrom(now: Date, timeoutSeconds: number): string {
  return new Date(now.getTime() - timeoutSeconds * 1000).toISOString();
}

export function isTimedOut(order: TimedOrder, now: Date, timeoutSeconds: number): boolean {
  const refuseAt = autoRefuseAt(order, timeoutSeconds);
  return refuseAt !== null && Date.parse(refuseAt) <= now.getTime();
}

/** Refuses a timed-out request; anything else (answered, cancelled, not yet due) is left as it is. */
export function refuseIfTimedOut(
  order: AcceptanceState & Pick<OrderAcceptance, 'answerFrom'>,
  now: Date,
  timeoutSeconds: number,
  restaurantPhone: string,
): AcceptanceDecision {
  const state = stateOf(order);
  if (!isTimedOut(order, now, timeoutSeconds)) return { next: state };
  return { next: { ...state, status: AcceptanceStatus.Refused, refusalReason: autoRefusalReason(restaurantPhone) } };
}
