// Calendar days and clock times as London shows them, written YYYY-MM-DD and HH:MM as the contract's
// LocalDate and LocalTime. The time-zone work is src/domain/openingHours.ts's; calendar arithmetic is shared with the browser.

import { isCalendarDate } from '../../domain/londonClock';
import { wallClockAt } from '../../domain/openingHours';

const DAY_MS = 86_400_000;
const localTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Minutes past midnight, or undefined unless the text is a time of day HH:MM. */
export function minutesOfLocalTime(text: string): number | undefined {
  const match = localTimePattern.exec(text);
  return match === null ? undefined : Number(match[1]) * 60 + Number(match[2]);
}

/** Whole days from one calendar day to another (negative when `to` is earlier); undefined unless both are real days. */
export function daysBetween(from: string, to: string): number | undefined {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return undefined;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function londonDateAt(instantMs: number): string {
  const clock = wallClockAt(instantMs);
  return `${clock.year}-${twoDigits(clock.month)}-${twoDigits(clock.day)}`;
}

export function londonTimeAt(instantMs: number): string {
  const clock = wallClockAt(instantMs);
  return `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`;
}
