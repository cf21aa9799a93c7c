import { currentOpening, openingIntervals, type OpeningPeriod, type SpecialDay } from '../../domain/openingHours';
import { londonDateAt } from '../../domain/londonClock';

// "Sold out today" (docs/back-office.md): a dish or an option the kitchen has run out of comes back by itself when the
// restaurant's next opening day starts, so nobody has to remember to switch it back on.

const DAY_MS = 24 * 60 * 60 * 1000;
// A week and a day: the trading day's next opening day, even for a restaurant open one day a week.
const DAYS_LOOKED_AHEAD = 8;

/** A dish, or one of its options (configId), sold out until `until` (an ISO instant). */
export interface SoldOutMark {
  itemId: number;
  configId: number | null;
  until: string;
}

/**
 * When something sold out at `now` comes back: the first opening on a London date after the trading day. The trading
 * day is the date of the opening under way (an evening past midnight still belongs to the day it opened on), or
 * today's date while the restaurant is closed. Special days count as the owner set them (a closure is no opening day, a
 * day with other hours opens at its first). A restaurant with no opening in the next week gets it back a day later.
 */
export function soldOutUntil(now: Date, openingPeriods: readonly OpeningPeriod[], specialDays: readonly SpecialDay[] = []): Date {
  const nowMs = now.getTime();
  const intervals = openingIntervals(nowMs, openingPeriods, DAYS_LOOKED_AHEAD, specialDays);
  const tradingDate = currentOpening(intervals, nowMs)?.date ?? londonDateAt(nowMs);
  const nextDay = intervals.find((interval) => interval.date > tradingDate && interval.opensMs > nowMs);
  return new Date(nextDay?.opensMs ?? nowMs + DAY_MS);
}

/** The marks still in force at `now`. */
export function currentMarks(marks: readonly SoldOutMark[], now: Date): SoldOutMark[] {
  const at = now.toISOString();
  return marks.filter((mark) => mark.until > at);
}
