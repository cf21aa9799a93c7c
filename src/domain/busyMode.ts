import { londonWallClock, timeOfMinutes } from './londonClock';

// Busy mode (docs/back-office.md): the kitchen pauses new orders for a while or until it switches back, or adds
// minutes to every lead time. The restaurant data carries it as stored; everyone reads it against their clock here, so
// a pause ends on time by itself, on the server (which refuses orders) and on the customer's page alike.

/** As the contract's BusyMode: the pause, or the extra minutes (never both). */
export interface BusyMode {
  paused: boolean;
  /** The end of a pause; absent: until the kitchen switches it back. */
  pausedUntil?: string;
  extraMinutes: number;
}

export const NOT_BUSY: BusyMode = { paused: false, extraMinutes: 0 };

/** The pauses the kitchen can choose, in minutes; a pause without one lasts until switched back. */
export const BUSY_PAUSE_MINUTES = [15, 30, 60] as const;
/** The extra minutes the kitchen can add to every lead time. */
export const BUSY_EXTRA_MINUTES = [10, 20, 30, 45, 60] as const;
export const BUSY_EXTRA_MINUTES_MAX = 120;

/** Busy mode as it stands at `now`: a pause whose end has passed is over. */
export function busyModeAt(busy: BusyMode | undefined, now: Date): BusyMode {
  if (busy === undefined) return NOT_BUSY;
  if (busy.paused && busy.pausedUntil !== undefined && Date.parse(busy.pausedUntil) <= now.getTime()) return NOT_BUSY;
  return busy;
}

/** Why new orders are refused now ("We're very busy: online ordering resumes at 19:30"); undefined when they are not. */
export function busyPauseMessage(busy: BusyMode | undefined, now: Date): string | undefined {
  const current = busyModeAt(busy, now);
  if (!current.paused) return undefined;
  if (current.pausedUntil === undefined) return "We're very busy: online ordering is paused for now. Please try again later.";
  return `We're very busy: online ordering resumes at ${timeOfMinutes(londonWallClock(new Date(current.pausedUntil)).minutes)}`;
}

// From five in the afternoon a restaurant's day is its evening.
const EVENING_FROM_MINUTES = 17 * 60;

/** What customers read while busy mode slows orders ("Orders are taking 20 minutes longer tonight"), or while paused. */
export function busyMessage(busy: BusyMode | undefined, now: Date): string | undefined {
  const current = busyModeAt(busy, now);
  if (current.paused) return busyPauseMessage(current, now);
  if (current.extraMinutes === 0) return undefined;
  const when = londonWallClock(now).minutes >= EVENING_FROM_MINUTES ? 'tonight' : 'today';
  return `Orders are taking ${current.extraMinutes} minutes longer ${when}`;
}

/** The minutes busy mode adds to every lead time now (slots and ASAP). */
export function busyExtraMinutesAt(busy: BusyMode | undefined, now: Date): number {
  return busyModeAt(busy, now).extraMinutes;
}

/** Busy mode as the kitchen's staff bar says it at `now` ("Busy mode: orders paused until 19:30"), on or off. */
export function busyStaffLabel(busy: BusyMode | undefined, now: Date): string {
  const current = busyModeAt(busy, now);
  if (current.paused) {
    const until = current.pausedUntil === undefined ? 'switched back' : timeOfMinutes(londonWallClock(new Date(current.pausedUntil)).minutes);
    return `Busy mode: orders paused until ${until}`;
  }
  if (current.extraMinutes > 0) return `Busy mode: ${current.extraMinutes} extra minutes on every order`;
  return 'Busy mode: off';
}
