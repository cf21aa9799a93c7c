// Order times (SPEC §9 leaves them to the product). The restaurant keeps Europe/London wall-clock
// hours, with its special days; slots are whole slot lengths of that clock (a quarter hour unless the owner
// chose another). A slot is offered inside an opening period when it is at least the lead time after both now
// and the opening, no later than the closing, and not full (the most orders per slot). When nothing is left
// today, the next opening's slots are offered. ASAP is offered only while the restaurant is open, the lead
// time still ends before it closes and the slot it falls in is not full. The owner may let customers order days ahead
// (0 to 7): the slots of every opening up to that many days after today are offered as well.

import { isRepeatedLondonHour, londonDateAt, wallClockAt } from '../../domain/londonClock';
import { currentOpening, openingIntervals, type OpeningInterval, type OpeningPeriod, type SpecialDay } from '../../domain/openingHours';

export interface TimeSlots {
  asapAvailable: boolean;
  /** ISO instants, earliest first. */
  slots: string[];
  /** When the slots offered belong to an opening that has not started yet: that opening, as an ISO instant. */
  opensAt?: string;
}

export const DEFAULT_SLOT_MINUTES = 15;
const MINUTE_MS = 60_000;

function slotsWithin(interval: OpeningInterval, nowMs: number, leadMs: number, slotMs: number, fullSlots: ReadonlySet<number>): number[] {
  const earliest = Math.max(nowMs, interval.opensMs) + leadMs;
  const slots: number[] = [];
  for (let slot = Math.ceil(earliest / slotMs) * slotMs; slot <= interval.closesMs; slot += slotMs) {
    // The hour the clocks go back is shown twice: its second pass would read "01:15" like the first, for customer and
    // kitchen alike, so only the first is offered (ASAP still runs through it).
    if (!fullSlots.has(slot) && !isRepeatedLondonHour(slot)) slots.push(slot);
  }
  return slots;
}

/** The slot an order due at `dueMs` takes: the first slot at or after it. */
export function slotOf(dueMs: number, slotMinutes: number): number {
  const slotMs = slotMinutes * MINUTE_MS;
  return Math.ceil(dueMs / slotMs) * slotMs;
}

/** The slots (epoch milliseconds) holding `ordersPerSlot` orders or more, from the orders' due times. */
export function fullSlotsOf(dueTimes: readonly string[], slotMinutes: number, ordersPerSlot: number | null): Set<number> {
  if (ordersPerSlot === null) return new Set();
  const counts = new Map<number, number>();
  for (const due of dueTimes) {
    const slot = slotOf(Date.parse(due), slotMinutes);
    counts.set(slot, (counts.get(slot) ?? 0) + 1);
  }
  return new Set([...counts].flatMap(([slot, count]) => (count >= ordersPerSlot ? [slot] : [])));
}

/** How far ahead the slots offered can reach: the next opening within a week, and the day after for one past midnight. */
export const SLOT_HORIZON_DAYS = 9;


export interface SlotQuery {
  now: Date;
  openingPeriods: readonly OpeningPeriod[];
  /** Dates whose hours replace their weekday's (closed, or their own sessions). */
  specialDays?: readonly SpecialDay[];
  /** The order type's lead time, with busy mode's extra minutes. */
  leadMinutes: number;
  /** DEFAULT_SLOT_MINUTES unless the owner chose another. */
  slotMinutes?: number;
  /** Slots (epoch milliseconds) that already hold the most orders they take (fullSlotsOf). */
  fullSlots?: ReadonlySet<number>;
  /** How many days after today customers may order for (the owner's, 0 to 7; 0: the next opening's day only). */
  daysAhead?: number;
}

/**
 * The last London date slots may be on: `daysAhead` days after today, or the day of the first opening with slots when
 * that is later. That opening's day is the date it opened on, not its first slot's: at 23:30 on Tuesday, in an evening
 * open until 01:00, "today only" is Tuesday's evening even when its first slot left is 00:00 on Wednesday.
 */
function lastOfferedDate(nowMs: number, daysAhead: number, firstOpeningDate: string): string {
  const today = wallClockAt(nowMs);
  const last = new Date(Date.UTC(today.year, today.month - 1, today.day + daysAhead));
  const lastDate = londonDateAt(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate(), 12));
  return lastDate > firstOpeningDate ? lastDate : firstOpeningDate;
}

/** ASAP needs the restaurant open now, open for at least the lead time, and room in the slot it falls in. */
function asapAvailableWithin(intervals: readonly OpeningInterval[], nowMs: number, leadMs: number, slotMinutes: number, fullSlots: ReadonlySet<number>): boolean {
  const current = currentOpening(intervals, nowMs);
  return current !== undefined && nowMs + leadMs <= current.closesMs && !fullSlots.has(slotOf(nowMs + leadMs, slotMinutes));
}

/** Whether ASAP can be chosen now; only today's openings matter, so it spares an order update the week's slots. */
export function isAsapAvailable({ now, openingPeriods, specialDays = [], leadMinutes, slotMinutes = DEFAULT_SLOT_MINUTES, fullSlots = new Set() }: SlotQuery): boolean {
  const nowMs = now.getTime();
  return asapAvailableWithin(openingIntervals(nowMs, openingPeriods, 0, specialDays), nowMs, leadMinutes * MINUTE_MS, slotMinutes, fullSlots);
}

interface OfferedOpenings {
  asapAvailable: boolean;
  /** The openings whose slots are offered, earliest first, each with its slots (epoch milliseconds). */
  openings: { interval: OpeningInterval; slots: number[] }[];
  /** The last London date an opening offered may open on (lastOfferedDate). */
  lastDate: string;
}

/** What is offered now: the slot list and the check of a requested day both read it, so they cannot disagree. */
function offeredOpenings({
  now,
  openingPeriods,
  specialDays = [],
  leadMinutes,
  slotMinutes = DEFAULT_SLOT_MINUTES,
  fullSlots = new Set(),
  daysAhead = 0,
}: SlotQuery): OfferedOpenings {
  const nowMs = now.getTime();
  const leadMs = leadMinutes * MINUTE_MS;
  const slotMs = slotMinutes * MINUTE_MS;
  const intervals = openingIntervals(nowMs, openingPeriods, undefined, specialDays).filter((interval) => interval.closesMs > nowMs);
  const asapAvailable = asapAvailableWithin(intervals, nowMs, leadMs, slotMinutes, fullSlots);

  const withSlots = intervals
    .map((interval) => ({ interval, slots: slotsWithin(interval, nowMs, leadMs, slotMs, fullSlots) }))
    .filter(({ slots }) => slots.length > 0);
  const [first] = withSlots;
  const lastDate = lastOfferedDate(nowMs, daysAhead, first?.interval.date ?? londonDateAt(nowMs));
  return { asapAvailable, openings: withSlots.filter(({ interval }) => interval.date <= lastDate), lastDate };
}

export function availableTimeSlots(query: SlotQuery): TimeSlots {
  const { asapAvailable, openings } = offeredOpenings(query);
  const [first] = openings;
  if (first === undefined) return { asapAvailable, slots: [] };
  return {
    asapAvailable,
    slots: openings.flatMap(({ slots }) => slots).map((slot) => new Date(slot).toISOString()),
    ...(first.interval.opensMs > query.now.getTime() ? { opensAt: new Date(first.interval.opensMs).toISOString() } : {}),
  };
}

/** Why a time beyond the days customers may order for is refused. */
export function beyondDaysAheadMessage(daysAhead: number): string {
  if (daysAhead === 0) return 'Orders can be placed for the next opening only: please choose an earlier time';
  return `Orders can be placed up to ${daysAhead} ${daysAhead === 1 ? 'day' : 'days'} ahead: please choose an earlier day`;
}

/**
 * Whether a requested time falls on a day later than customers may order for now: refused with its own message. The
 * day is that of the opening the time falls in, as the slots offered are (an evening past midnight belongs to the day
 * it opened on); a time in no opening goes by its own date.
 */
export function isBeyondDaysAhead(requestedTime: string, query: SlotQuery): boolean {
  const requestedMs = Date.parse(requestedTime);
  if (Number.isNaN(requestedMs)) return false;
  const opening = openingIntervals(query.now.getTime(), query.openingPeriods, undefined, query.specialDays ?? []).find(
    (interval) => interval.opensMs <= requestedMs && requestedMs <= interval.closesMs,
  );
  return (opening?.date ?? londonDateAt(requestedMs)) > offeredOpenings(query).lastDate;
}

/** Whether a requested time (an ISO instant) is one of the slots offered now. */
export function isAvailableSlot(requestedTime: string, query: SlotQuery): boolean {
  const requestedMs = Date.parse(requestedTime);
  if (Number.isNaN(requestedMs)) return false;
  const requested = new Date(requestedMs).toISOString();
  return availableTimeSlots(query).slots.includes(requested);
}
