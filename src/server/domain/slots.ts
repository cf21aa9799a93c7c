// Order times (SPEC §9 leaves them to the product). The restaurant keeps Europe/London wall-clock
// hours; slots are whole quarter hours of that clock. A slot is offered inside an opening period when
// it is at least the lead time after both now and the opening, and no later than the closing. When
// nothing is left today, the next opening's slots are offered. ASAP is offered only while the
// restaurant is open and the lead time still ends before it closes.

export interface OpeningPeriod {
  /** 0 = Sunday, as Date#getDay. */
  day: number;
  /** "HH:MM" local time. */
  opens: string;
  /** "HH:MM"; not later than `opens` means after midnight ("00:30"). */
  closes: string;
}

export interface TimeSlots {
  asapAvailable: boolean;
  /** ISO instants, earliest first. */
  slots: string[];
  /** When the slots offered belong to an opening that has not started yet: that opening, as an ISO instant. */
  opensAt?: string;
}

const RESTAURANT_TIME_ZONE = 'Europe/London';
const SLOT_MINUTES = 15;
const MINUTE_MS = 60_000;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;
// How far ahead the next opening is looked for: a week covers every weekly timetable.
const DAYS_AHEAD = 7;

const wallClockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: RESTAURANT_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const HOUR_MS = 60 * MINUTE_MS;
// London changes its clocks on the hour (01:00 UTC), so its offset is constant within each UTC hour;
// formatting a date in a time zone is slow, so it is done once per hour seen.
const offsetByHour = new Map<number, number>();
const OFFSET_CACHE_LIMIT = 10_000;

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instantMs: number): number {
  const hour = Math.floor(instantMs / HOUR_MS);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  const hourStart = hour * HOUR_MS;
  const parts = Object.fromEntries(
    wallClockFormat.formatToParts(new Date(hourStart)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const clockAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offset = (clockAsUtc - hourStart) / MINUTE_MS;
  if (offsetByHour.size >= OFFSET_CACHE_LIMIT) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

export function wallClockAt(instantMs: number): WallClock {
  const shifted = new Date(instantMs + londonOffsetMinutes(instantMs) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The instant when London's clock shows `minutes` past midnight of the given date (day may overflow). */
function londonInstant(year: number, monthIndex: number, day: number, minutes: number): number {
  const asUtc = Date.UTC(year, monthIndex, day, 0, minutes);
  const firstGuess = asUtc - londonOffsetMinutes(asUtc) * MINUTE_MS;
  // Near a clock change the offset at the guess can differ from the offset at the answer.
  return asUtc - londonOffsetMinutes(firstGuess) * MINUTE_MS;
}

function minutesOfDay(clockTime: string): number {
  const [hours, minutes] = clockTime.split(':').map(Number);
  return hours * 60 + minutes;
}

export interface OpeningInterval {
  opensMs: number;
  closesMs: number;
}

/** The concrete openings from yesterday (one may run past midnight into today) to `daysAhead` days ahead. */
export function openingIntervals(nowMs: number, periods: readonly OpeningPeriod[], daysAhead = DAYS_AHEAD): OpeningInterval[] {
  const today = wallClockAt(nowMs);
  const intervals: OpeningInterval[] = [];
  for (let offset = -1; offset <= daysAhead; offset += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [year, monthIndex, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    for (const period of periods) {
      if (period.day !== date.getUTCDay()) continue;
      const opens = minutesOfDay(period.opens);
      const closes = minutesOfDay(period.closes);
      intervals.push({
        opensMs: londonInstant(year, monthIndex, day, opens),
        closesMs: londonInstant(year, monthIndex, day + (closes <= opens ? 1 : 0), closes),
      });
    }
  }
  return intervals.sort((first, second) => first.opensMs - second.opensMs);
}

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
  const current = intervals.find((interval) => interval.opensMs <= nowMs && interval.closesMs > nowMs);
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
