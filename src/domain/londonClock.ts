// London's offset from UTC is worked out here by the UK rule rather than read through Intl: the first Intl formatter a
// page makes loads ICU's locale and time zone data, about 180 ms of one blocking task on a phone (Lighthouse's slowed
// CPU), the largest of the home page's start. The rule is fixed in UK law (the Summer Time Order 2002, the same dates
// since 1996; earlier years, which nothing here reads, changed on other days), and tests/unit/londonClock.test.ts
// checks it against the tz database hour by hour.

const MILLISECONDS_PER_MINUTE = 60_000;
const MILLISECONDS_PER_DAY = 86_400_000;
const MINUTES_PER_DAY = 24 * 60;
const BRITISH_SUMMER_TIME_OFFSET_MINUTES = 60;
const MARCH = 2;
const OCTOBER = 9;

/** The instant of 01:00 UTC on the last Sunday of a month, when the UK changes its clocks. */
function clockChangeOf(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Minutes London is ahead of UTC at an instant: 60 in British Summer Time, 0 in GMT. */
export function londonOffsetMinutes(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const inSummerTime = instantMs >= clockChangeOf(year, MARCH) && instantMs < clockChangeOf(year, OCTOBER);
  return inSummerTime ? BRITISH_SUMMER_TIME_OFFSET_MINUTES : 0;
}

export interface LondonWallClock {
  /** The calendar day, "2026-11-22". */
  date: string;
  /** 0 Sunday to 6 Saturday, as the contract's DayOfWeek and Date#getDay. */
  dayOfWeek: number;
  /** Minutes since London's midnight. */
  minutes: number;
}

export const twoDigits = (value: number) => String(value).padStart(2, '0');

// Every reader within one minute (the pages re-render, the opening state, the booking days) gets the same answer, as
// London's offset from UTC is whole minutes, so the last minute's is kept.
let lastMinute: { minute: number; wallClock: LondonWallClock } | undefined;

/**
 * London's date and time of day at an instant. The restaurant keeps London's wall clock whatever the visitor's device is
 * set to (a phone abroad, a browser on UTC), so "today", "open now" and the days a table can be booked are all read on it.
 */
export function londonWallClock(instant: Date): LondonWallClock {
  const minute = Math.floor(instant.getTime() / MILLISECONDS_PER_MINUTE);
  if (Number.isNaN(minute)) throw new RangeError('Invalid time value');
  if (lastMinute?.minute === minute) return { ...lastMinute.wallClock };
  const shifted = new Date((minute + londonOffsetMinutes(instant.getTime())) * MILLISECONDS_PER_MINUTE);
  const wallClock = {
    date: `${shifted.getUTCFullYear()}-${twoDigits(shifted.getUTCMonth() + 1)}-${twoDigits(shifted.getUTCDate())}`,
    dayOfWeek: shifted.getUTCDay(),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
  lastMinute = { minute, wallClock };
  return { ...wallClock };
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** London's clock at an instant, to the second. */
export function wallClockAt(instantMs: number): WallClock {
  const shifted = new Date(instantMs + londonOffsetMinutes(instantMs) * MILLISECONDS_PER_MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * The instant when London's clock shows `minutes` past midnight of the given date (day may overflow). A time the
 * October change shows twice (01:00–01:59) is its first pass, in summer time: a closing at "01:00" that night closes
 * before the clocks go back, not an hour later. A time the March change skips (01:00–01:59) is read on the winter
 * clock, so it falls the hour after: "01:30" is 02:30 BST.
 */
export function londonInstant(year: number, monthIndex: number, day: number, minutes: number): number {
  const asUtc = Date.UTC(year, monthIndex, day, 0, minutes);
  // Guessed in summer time, the guess is the answer whenever summer time is in force then, the first pass included;
  // otherwise the guess is an hour early but still in winter time, whose offset then gives the answer.
  const summerTimeGuess = asUtc - BRITISH_SUMMER_TIME_OFFSET_MINUTES * MILLISECONDS_PER_MINUTE;
  return asUtc - londonOffsetMinutes(summerTimeGuess) * MILLISECONDS_PER_MINUTE;
}

/**
 * Whether an instant is in the hour London's clock shows a second time when it goes back in October (01:00–01:59 GMT):
 * its wall-clock time was already shown an hour before, so it cannot be told apart by the time of day alone.
 */
export function isRepeatedLondonHour(instantMs: number): boolean {
  const hourBefore = instantMs - BRITISH_SUMMER_TIME_OFFSET_MINUTES * MILLISECONDS_PER_MINUTE;
  return londonOffsetMinutes(instantMs) < londonOffsetMinutes(hourBefore);
}

const localTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes past midnight, or undefined unless the text is a time of day HH:MM. */
export function minutesOfLocalTime(text: string): number | undefined {
  const match = localTimePattern.exec(text);
  return match === null ? undefined : Number(match[1]) * 60 + Number(match[2]);
}

/** Whole days from one calendar day to another (negative when `to` is earlier); undefined unless both are real days. */
export function daysBetween(from: string, to: string): number | undefined {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return undefined;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MILLISECONDS_PER_DAY);
}

/** London's calendar day at an instant, "2026-11-22", as the contract's LocalDate. */
export function londonDateAt(instantMs: number): string {
  const clock = wallClockAt(instantMs);
  return `${clock.year}-${twoDigits(clock.month)}-${twoDigits(clock.day)}`;
}

/** London's time of day at an instant, "18:45", as the contract's LocalTime. */
export function londonTimeAt(instantMs: number): string {
  const clock = wallClockAt(instantMs);
  return `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`;
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

/** Minutes since midnight as "17:30", the other way from minutesOfTime. */
export function timeOfMinutes(minutes: number): string {
  return `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
}

/** English day names by the contract's DayOfWeek, 0 Sunday to 6 Saturday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The days in the order a British week is read, from Monday, by DayOfWeek. */
export const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// A calendar day has no time zone of its own: read at noon UTC it is the same day everywhere it is printed.
function noonOf(date: string): Date {
  const noon = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) throw new RangeError(`Not a calendar day: "${date}"`);
  return noon;
}

const dayAndMonthOf = (noon: Date) => `${WEEKDAY_NAMES[noon.getUTCDay()]} ${noon.getUTCDate()} ${MONTH_NAMES[noon.getUTCMonth()]}`;

/** "2026-11-27" as "Friday 27 November", the way a customer reads a day close at hand. */
export function dayAndMonthLabel(date: string): string {
  return dayAndMonthOf(noonOf(date));
}

/** "2026-11-28" as "Saturday 28 November 2026", the way a customer reads a day back. */
export function calendarDayLabel(date: string): string {
  const noon = noonOf(date);
  return `${dayAndMonthOf(noon)} ${noon.getUTCFullYear()}`;
}
