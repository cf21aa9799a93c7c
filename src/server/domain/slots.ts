// Order times (SPEC §9 leaves them to the product). The restaurant keeps Europe/London wall-clock
// hours; slots are whole quarter hours of that clock. A slot is offered inside an opening period when
// it is at least the lead time after both now and the opening, and no later than the closing. When
// nothing is left today, the next opening's slots are offered. ASAP is offered only while the
// restaurant is open and the lead time still ends before it closes.

import { currentOpening, openingIntervals, wallClockAt, type OpeningInterval, type OpeningPeriod } from '../../domain/openingHours';

export interface TimeSlots {
  asapAvailable: boolean;
  /** ISO instants, earliest first. */
  slots: string[];
  /** When the slots offered belong to an opening that has not started yet: that opening, as an ISO instant. */
  opensAt?: string;
}

const SLOT_MINUTES = 15;
const MINUTE_MS = 60_000;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;

function slotsWithin(interval: OpeningInterval, nowMs: number, leadMs: number): number[] {
  const earliest = Math.max(nowMs, interval.opensMs) + leadMs;
  const slots: number[] = [];
  for (let slot = Math.ceil(earliest / SLOT_MS) * SLOT_MS; slot <= interval.closesMs; slot += SLOT_MS) slots.push(slot);
  return slots;
}

const londonDateOf = (instantMs: number) => {
  const clock = wallClockAt(instantMs);
  return `${clock.year}-${clock.month}-${clock.day}`;
};

export interface SlotQuery {
  now: Date;
  openingPeriods: readonly OpeningPeriod[];
  leadMinutes: number;
}

/** ASAP needs the restaurant open now, and open for at least the lead time. */
function asapAvailableWithin(intervals: readonly OpeningInterval[], nowMs: number, leadMs: number): boolean {
  const current = currentOpening(intervals, nowMs);
  return current !== undefined && nowMs + leadMs <= current.closesMs;
}

/** Whether ASAP can be chosen now; only today's openings matter, so it spares an order update the week's slots. */
export function isAsapAvailable({ now, openingPeriods, leadMinutes }: SlotQuery): boolean {
  const nowMs = now.getTime();
  return asapAvailableWithin(openingIntervals(nowMs, openingPeriods, 0), nowMs, leadMinutes * MINUTE_MS);
}

export function availableTimeSlots({ now, openingPeriods, leadMinutes }: SlotQuery): TimeSlots {
  const nowMs = now.getTime();
  const leadMs = leadMinutes * MINUTE_MS;
  const intervals = openingIntervals(nowMs, openingPeriods).filter((interval) => interval.closesMs > nowMs);
  const asapAvailable = asapAvailableWithin(intervals, nowMs, leadMs);

  const withSlots = intervals
    .map((interval) => ({ interval, slots: slotsWithin(interval, nowMs, leadMs) }))
    .filter(({ slots }) => slots.length > 0);
  if (withSlots.length === 0) return { asapAvailable, slots: [] };

  const [first] = withSlots;
  const offeredDate = londonDateOf(first.slots[0]);
  const slots = withSlots
    .filter(({ interval }) => interval === first.interval || londonDateOf(interval.opensMs) === offeredDate)
    .flatMap(({ slots: intervalSlots }) => intervalSlots)
    .map((slot) => new Date(slot).toISOString());
  return {
    asapAvailable,
    slots,
    ...(first.interval.opensMs > nowMs ? { opensAt: new Date(first.interval.opensMs).toISOString() } : {}),
  };
}

/** Whether a requested time (an ISO instant) is one of the slots offered now. */
export function isAvailableSlot(requestedTime: string, query: SlotQuery): boolean {
  const requestedMs = Date.parse(requestedTime);
  if (Number.isNaN(requestedMs)) return false;
  const requested = new Date(requestedMs).toISOString();
  return availableTimeSlots(query).slots.includes(requested);
}
