import { onFirstUse } from './onFirstUse';

// The restaurant keeps London's wall clock whatever the visitor's device is set to (a phone abroad, a
// browser on UTC), so "today", "open now" and the days a table can be booked are all read on it.
const RESTAURANT_TIME_ZONE = 'Europe/London';

const wallClockFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', {
  timeZone: RESTAURANT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}));

const MILLISECONDS_PER_DAY = 86_400_000;
const MINUTES_PER_DAY = 24 * 60;

export interface LondonWallClock {
  /** The calendar day, "2026-11-22". */
  date: string;
  /** 0 Sunday to 6 Saturday, as the contract's DayOfWeek and Date#getDay. */
  dayOfWeek: number;
  /** Minutes since London's midnight. */
  minutes: number;
}

const MILLISECONDS_PER_MINUTE = 60_000;

// Formatting in a time zone costs tens of microseconds and every request of one minute reads the same answer
// (London's offset from UTC is whole minutes), so the last minute's is kept.
let lastMinute: { minute: number; wallClock: LondonWallClock } | undefined;

export function londonWallClock(instant: Date): LondonWallClock {
  const minute = Math.floor(instant.getTime() / MILLISECONDS_PER_MINUTE);
  if (lastMinute?.minute === minute) return { ...lastMinute.wallClock };
  const parts = Object.fromEntries(wallClockFormat().formatToParts(instant).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const wallClock = { date, dayOfWeek: dayOfWeekOf(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
  lastMinute = { minute, wallClock };
  return { ...wallClock };
}

/** "2026-11-22" and 3 give "2026-11-25": calendar arithmetic, untouched by clock changes. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * MILLISECONDS_PER_DAY).toISOString().slice(0, 10);
}

export function dayOfWeekOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** A real calendar day written "YYYY-MM-DD" (not "2026-02-30"). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** "17:30" as minutes since midnight. */
export function minutesOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours * 60 + minutes) % MINUTES_PER_DAY;
}

// A calendar day has no time zone of its own: read at noon UTC it is the same day everywhere it is printed.
const calendarDayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }));

/** "2026-11-28" as "Saturday 28 November 2026", the way a customer reads a day back. */
export function calendarDayLabel(date: string): string {
  // Put together from its parts: whether a comma follows the weekday differs between ICU versions.
  const parts = Object.fromEntries(calendarDayFormat().formatToParts(new Date(`${date}T12:00:00Z`)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}
