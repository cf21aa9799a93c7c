import { AcceptanceStatus } from '../../domain/orderEnums';
import { stateOf, type AcceptanceDecision, type AcceptanceState, type OrderAcceptance } from './acceptance';

// A request the restaurant leaves unanswered is refused for it, so no customer waits indefinitely.

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

/** When a request still waiting for the restaurant is refused automatically; null once it is answered or cancelled. */
export function autoRefuseAt(order: Pick<OrderAcceptance, 'status' | 'cancelledAt' | 'requestedAt'>, timeoutSeconds: number): string | null {
  if (order.status !== AcceptanceStatus.Requested || order.cancelledAt !== null) return null;
  return new Date(Date.parse(order.requestedAt) + timeoutSeconds * 1000).toISOString();
}

/** The latest request time that has timed out at `now`: the sweep refuses requests made at or before it. */
export function timedOutIfRequestedBy(now: Date, timeoutSeconds: number): string {
  return new Date(now.getTime() - timeoutSeconds * 1000).toISOString();
}

export function isTimedOut(order: Pick<OrderAcceptance, 'status' | 'cancelledAt' | 'requestedAt'>, now: Date, timeoutSeconds: number): boolean {
  const refuseAt = autoRefuseAt(order, timeoutSeconds);
  return refuseAt !== null && Date.parse(refuseAt) <= now.getTime();
}

/** Refuses a timed-out request; anything else (answered, cancelled, not yet due) is left as it is. */
export function refuseIfTimedOut(
  order: AcceptanceState & Pick<OrderAcceptance, 'requestedAt'>,
  now: Date,
  timeoutSeconds: number,
  restaurantPhone: string,
): AcceptanceDecision {
  const state = stateOf(order);
  if (!isTimedOut(order, now, timeoutSeconds)) return { next: state };
  return { next: { ...state, status: AcceptanceStatus.Refused, refusalReason: autoRefusalReason(restaurantPhone) } };
}
