import { londonDateAt, londonInstant, twoDigits, wallClockAt } from './londonClock';

// When the restaurant is open, as its order times (src/server/domain/slots.ts), its table bookings and its home page
// all read it. The restaurant keeps Europe/London wall-clock hours whatever clock the reader's device keeps.

export interface OpeningPeriod {
  /** 0 = Sunday, as Date#getDay. */
  day: number;
  /** "HH:MM" local time. */
  opens: string;
  /** "HH:MM"; not later than `opens` means after midnight ("00:30"). */
  closes: string;
}

/** A date whose hours are not its weekday's: closed all day when it has no sessions. */
export interface SpecialDay {
  /** London date, "2026-12-25". */
  date: string;
  /** What customers read: "Closed for Christmas Day". */
  message: string;
  sessions: { opens: string; closes: string }[];
}

// How far ahead the next opening is looked for: a week covers every weekly timetable.
const DAYS_AHEAD = 7;

function minutesOfDay(clockTime: string): number {
  const [hours, minutes] = clockTime.split(':').map(Number);
  return hours * 60 + minutes;
}

export interface OpeningInterval {
  opensMs: number;
  closesMs: number;
  /** The weekly period this is one day of (with the last one's closing, when sessions that touch are joined). */
  period: OpeningPeriod;
  /** The London day it opens on, "2026-11-24". */
  date: string;
}

/** A date's periods: its special day's sessions when it has one (none when closed), otherwise its weekday's. */
function periodsOn(date: string, weekday: number, periods: readonly OpeningPeriod[], specialDays: readonly SpecialDay[]): OpeningPeriod[] {
  const special = specialDays.find((specialDay) => specialDay.date === date);
  if (special) return special.sessions.map((session) => ({ day: weekday, opens: session.opens, closes: session.closes }));
  return periods.filter((period) => period.day === weekday);
}

/**
 * Sessions that touch or overlap (lunch 12:00–14:00, then 14:00–22:00) as one opening, as the restaurant never closes
 * between them: a slot at the seam is offered once, ASAP looks past the first session's closing, and "open until" says
 * the last one's. The opening keeps the first session's date and opening time.
 */
function joinTouching(sortedIntervals: readonly OpeningInterval[]): OpeningInterval[] {
  const joined: OpeningInterval[] = [];
  for (const interval of sortedIntervals) {
    const previous = joined.at(-1);
    if (previous === undefined || interval.opensMs > previous.closesMs) joined.push(interval);
    else if (interval.closesMs > previous.closesMs) joined.push({ ...joined.pop()!, closesMs: interval.closesMs, period: { ...previous.period, closes: interval.period.closes } });
  }
  return joined;
}

/**
 * The concrete openings from yesterday (one may run past midnight into today) to `daysAhead` days ahead, sessions that
 * touch joined into one. A special day replaces its weekday's periods: every reader of the hours (order times,
 * bookings, the pages) meets closures here.
 */
export function openingIntervals(
  nowMs: number,
  periods: readonly OpeningPeriod[],
  daysAhead = DAYS_AHEAD,
  specialDays: readonly SpecialDay[] = [],
): OpeningInterval[] {
  const today = wallClockAt(nowMs);
  const intervals: OpeningInterval[] = [];
  for (let offset = -1; offset <= daysAhead; offset += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [year, monthIndex, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    const isoDate = `${year}-${twoDigits(monthIndex + 1)}-${twoDigits(day)}`;
    for (const period of periodsOn(isoDate, date.getUTCDay(), periods, specialDays)) {
      const opens = minutesOfDay(period.opens);
      const closes = minutesOfDay(period.closes);
      intervals.push({
        opensMs: londonInstant(year, monthIndex, day, opens),
        closesMs: londonInstant(year, monthIndex, day + (closes <= opens ? 1 : 0), closes),
        period,
        date: isoDate,
      });
    }
  }
  return joinTouching(intervals.sort((first, second) => first.opensMs - second.opensMs));
}

/** The opening under way at an instant: open from its opening, closed from its closing. */
export function currentOpening(intervals: readonly OpeningInterval[], nowMs: number): OpeningInterval | undefined {
  return intervals.find((interval) => interval.opensMs <= nowMs && interval.closesMs > nowMs);
}

/**
 * `notice` is a special day's message ("Closed for Christmas Day"): while open, that of the opening under way's date,
 * otherwise today's.
 */
export type OpeningState =
  | { open: true; closes: string; notice?: string }
  /** `next` is the next opening within a week, if there is one. */
  | { open: false; next?: { date: string; day: number; opens: string }; notice?: string };

/** Open now and until when, or when the restaurant opens next: the same openings that decide whether ASAP is offered. */
export function openingStateAt(now: Date, periods: readonly OpeningPeriod[], specialDays: readonly SpecialDay[] = []): OpeningState {
  const nowMs = now.getTime();
  const intervals = openingIntervals(nowMs, periods, DAYS_AHEAD, specialDays);
  const current = currentOpening(intervals, nowMs);
  // Christmas Eve's evening still running at 00:30 on Christmas Day is Christmas Eve's: "Closed for Christmas Day" next
  // to "Open now" would contradict it.
  const noticeDate = current?.date ?? londonDateAt(nowMs);
  const notice = specialDays.find((specialDay) => specialDay.date === noticeDate)?.message;
  if (current) return { open: true, closes: current.period.closes, notice };
  const next = intervals.find((interval) => interval.opensMs > nowMs);
  return { open: false, next: next && { date: next.date, day: next.period.day, opens: next.period.opens }, notice };
}

/** The special days from `today` on, earliest first: what the pages list ahead. */
export function specialDaysFrom(specialDays: readonly SpecialDay[], today: string): SpecialDay[] {
  // "YYYY-MM-DD" sorts as plain text; localeCompare would load ICU's collation data during the page's start.
  return specialDays
    .filter((specialDay) => specialDay.date >= today)
    .sort((first, second) => (first.date < second.date ? -1 : first.date > second.date ? 1 : 0));
}

/**
 * A day's hours, "17:00–22:30", one per period, earliest first; none on a day the restaurant is closed. Given a `date`
 * ("2026-12-25"), a special day on it gives its own sessions instead.
 */
export function hoursOn(periods: readonly OpeningPeriod[], day: number, specialDays: readonly SpecialDay[] = [], date?: string): string[] {
  return (date === undefined ? periods.filter((period) => period.day === day) : periodsOn(date, day, periods, specialDays))
    .sort((first, second) => minutesOfDay(first.opens) - minutesOfDay(second.opens))
    .map((period) => `${period.opens}–${period.closes}`);
}
