// The times a table can be requested for (docs/restaurant-pages.md): every quarter hour of London's clock from
// the opening to the last seating, at least the lead time from now, on a day from today to BOOKING_DAYS_AHEAD
// days ahead. Unlike an order slot, a booking may start at the opening: the lead time counts from now only.

import {
  BOOKING_DAYS_AHEAD,
  BOOKING_LEAD_MINUTES,
  BOOKING_SLOT_MINUTES,
  LAST_SEATING_MINUTES,
  bookingMessages,
} from '../../domain/bookingRules';
import { daysBetween, londonDateAt, londonTimeAt, minutesOfLocalTime } from '../../domain/londonClock';
import { openingIntervals, type OpeningPeriod, type SpecialDay } from '../../domain/openingHours';

const MINUTE_MS = 60_000;
const SLOT_MS = BOOKING_SLOT_MINUTES * MINUTE_MS;

export interface BookingClock {
  now: Date;
  openingPeriods: readonly OpeningPeriod[];
  /** A closure day has no seatings; a special day's own sessions replace its weekday's. */
  specialDays?: readonly SpecialDay[];
}

interface Seating {
  /** HH:MM, London. */
  time: string;
  instantMs: number;
}

/** Every seating of the day's openings, whatever the time now; an opening past midnight gives its later times to the next day. */
function seatingsOn(date: string, { now, openingPeriods, specialDays = [] }: BookingClock): Seating[] {
  const seatings = new Map<string, Seating>();
  for (const interval of openingIntervals(now.getTime(), openingPeriods, BOOKING_DAYS_AHEAD, specialDays)) {
    const lastSeatingMs = interval.closesMs - LAST_SEATING_MINUTES * MINUTE_MS;
    for (let instantMs = Math.ceil(interval.opensMs / SLOT_MS) * SLOT_MS; instantMs <= lastSeatingMs; instantMs += SLOT_MS) {
      if (londonDateAt(instantMs) !== date) continue;
      const time = londonTimeAt(instantMs);
      seatings.set(time, { time, instantMs });
    }
  }
  return [...seatings.values()].sort((first, second) => first.instantMs - second.instantMs);
}

const earliestSeatingMs = (now: Date) => now.getTime() + BOOKING_LEAD_MINUTES * MINUTE_MS;

/** Why a day cannot be booked, or undefined when it can; `date` is as the customer sent it. */
export function bookingDateRefusal(date: string, clock: BookingClock): string | undefined {
  const daysAhead = daysBetween(londonDateAt(clock.now.getTime()), date);
  if (daysAhead === undefined) return bookingMessages.dateFormat;
  if (daysAhead < 0) return bookingMessages.dateInPast;
  if (daysAhead > BOOKING_DAYS_AHEAD) return bookingMessages.dateTooFarAhead;
  if (seatingsOn(date, clock).length === 0) return bookingMessages.dateClosed;
  return undefined;
}

/** Why a time cannot be booked on a day that can, or undefined when it can. */
export function bookingTimeRefusal(date: string, time: string, clock: BookingClock): string | undefined {
  const minutes = minutesOfLocalTime(time);
  if (minutes === undefined) return bookingMessages.timeFormat;
  if (minutes % BOOKING_SLOT_MINUTES !== 0) return bookingMessages.timeNotOnQuarterHour;
  const seating = seatingsOn(date, clock).find((candidate) => candidate.time === time);
  if (seating === undefined) return bookingMessages.timeOutsideHours;
  if (seating.instantMs < earliestSeatingMs(clock.now)) return bookingMessages.timeTooSoon;
  return undefined;
}

/** The times offered for a day: none when the day is closed, passed or too far ahead. */
export function bookingTimes(date: string, clock: BookingClock): string[] {
  if (bookingDateRefusal(date, clock) !== undefined) return [];
  const earliestMs = earliestSeatingMs(clock.now);
  return seatingsOn(date, clock)
    .filter((seating) => seating.instantMs >= earliestMs)
    .map((seating) => seating.time);
}
