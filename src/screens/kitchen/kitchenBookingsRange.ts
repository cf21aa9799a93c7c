import { STAFF_LIST_MAX_DAYS, bookingMessages } from '../../domain/bookingRules';
import { addDays, isCalendarDate } from '../../domain/londonClock';

/** Two weeks at a glance: today and the 13 days after it. */
const DEFAULT_DAYS_AFTER_TODAY = 13;

/** The London days the Bookings view lists, first and last included, as the staff lists' `from` and `to`. */
export interface BookingsRange {
  from: string;
  to: string;
}

export type BookingsRangeErrors = Partial<Record<keyof BookingsRange, string>>;

export const bookingsRangeMessages = {
  fromFormat: `From ${bookingMessages.dateFormat}`,
  toFormat: `To ${bookingMessages.dateFormat}`,
  toBeforeFrom: 'To must not be before From',
  rangeTooLong: `To must be at most ${STAFF_LIST_MAX_DAYS} days after From: choose fewer days`,
} as const;

export function defaultBookingsRange(today: string): BookingsRange {
  return { from: today, to: addDays(today, DEFAULT_DAYS_AFTER_TODAY) };
}

/** The last day `to` may be: the server refuses a longer range. */
export function latestTo(from: string): string {
  return addDays(from, STAFF_LIST_MAX_DAYS);
}

/**
 * The server's own rules for the staff lists (src/server/domain/bookingRequests.ts), checked before asking so that
 * a range it would refuse is explained beside the field. Days written YYYY-MM-DD compare as text in calendar order.
 */
export function bookingsRangeErrors({ from, to }: BookingsRange): BookingsRangeErrors {
  const errors: BookingsRangeErrors = {};
  if (!isCalendarDate(from)) errors.from = bookingsRangeMessages.fromFormat;
  if (!isCalendarDate(to)) errors.to = bookingsRangeMessages.toFormat;
  else if (errors.from === undefined && to < from) errors.to = bookingsRangeMessages.toBeforeFrom;
  else if (errors.from === undefined && to > latestTo(from)) errors.to = bookingsRangeMessages.rangeTooLong;
  return errors;
}

export interface DayGroup<Item> {
  date: string;
  items: Item[];
}

/** Items gathered under their day, the days in the order they first appear (the server lists by date). */
export function groupByDay<Item>(items: readonly Item[], dayOf: (item: Item) => string): DayGroup<Item>[] {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const date = dayOf(item);
    const group = groups.get(date);
    if (group) group.push(item);
    else groups.set(date, [item]);
  }
  return [...groups].map(([date, grouped]) => ({ date, items: grouped }));
}
