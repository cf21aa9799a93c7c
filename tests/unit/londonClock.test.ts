import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDayLabel,
  dayOfWeekOf,
  isCalendarDate,
  isRepeatedLondonHour,
  londonInstant,
  londonOffsetMinutes,
  londonWallClock,
  minutesOfTime,
  timeOfMinutes,
} from '../../src/domain/londonClock';

// The tz database's answers, through Intl, that londonClock.ts works out by the UK rule instead.
const tzLondon = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// The numbers of format's "28/11/2026, 17:05" rather than formatToParts: three times as fast over the 394,000 hours read below.
function tzWallClockParts(instantMs: number): { year: string; month: string; day: string; hour: string; minute: string } {
  const [day, month, year, hour, minute] = tzLondon.format(instantMs).split(/\D+/);
  return { year, month, day, hour, minute };
}

function tzOffsetMinutes(instantMs: number): number {
  const parts = tzWallClockParts(instantMs);
  const clockAsUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return (clockAsUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000;
}

function tzWallClock(instantMs: number) {
  const parts = tzWallClockParts(instantMs);
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, dayOfWeek: new Date(`${date}T00:00:00Z`).getUTCDay(), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const HOUR_MS = 3_600_000;

describe('londonOffsetMinutes', () => {
  it('agrees with the tz database at every hour from 1996 through 2040', () => {
    const disagreements: string[] = [];
    for (let instantMs = Date.UTC(1996, 0, 1); instantMs < Date.UTC(2041, 0, 1); instantMs += HOUR_MS) {
      const expected = tzOffsetMinutes(instantMs);
      if (londonOffsetMinutes(instantMs) !== expected) disagreements.push(`${new Date(instantMs).toISOString()}: tz says ${expected}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('changes exactly at 01:00 UTC on the last Sundays of March and October', () => {
    expect(londonOffsetMinutes(Date.UTC(2026, 2, 29, 0, 59, 59, 999))).toBe(0);
    expect(londonOffsetMinutes(Date.UTC(2026, 2, 29, 1))).toBe(60);
    expect(londonOffsetMinutes(Date.UTC(2026, 9, 25, 0, 59, 59, 999))).toBe(60);
    expect(londonOffsetMinutes(Date.UTC(2026, 9, 25, 1))).toBe(0);
  });
});

describe('londonInstant', () => {
  const OCTOBER = 9;
  const MARCH = 2;

  it('reads a time the clocks going back show twice as its first pass, in summer time', () => {
    // Sunday 25 October 2026: 01:00 BST is 00:00 UTC; the clocks then show 01:00 again, in GMT, at 01:00 UTC.
    expect(new Date(londonInstant(2026, OCTOBER, 25, 60)).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(new Date(londonInstant(2026, OCTOBER, 25, 90)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Either side of the repeated hour there is one answer.
    expect(new Date(londonInstant(2026, OCTOBER, 25, 59)).toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(new Date(londonInstant(2026, OCTOBER, 25, 120)).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('reads a time the clocks going forward skip as the hour after: 01:30 on 29 March 2026 is 02:30 BST', () => {
    expect(new Date(londonInstant(2026, MARCH, 29, 90)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(londonInstant(2026, MARCH, 29, 59)).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(new Date(londonInstant(2026, MARCH, 29, 120)).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('gives back every instant from its own London date and time, but the repeated hour\'s second pass', () => {
    const disagreements: string[] = [];
    for (let instantMs = Date.UTC(2025, 0, 1); instantMs < Date.UTC(2028, 0, 1); instantMs += 15 * 60_000) {
      if (isRepeatedLondonHour(instantMs)) continue;
      const clock = londonWallClock(new Date(instantMs));
      const [year, month, day] = clock.date.split('-').map(Number);
      if (londonInstant(year, month - 1, day, clock.minutes) !== instantMs) disagreements.push(new Date(instantMs).toISOString());
    }
    expect(disagreements).toEqual([]);
  });

  it('knows the repeated hour: 01:00–01:59 GMT on the last Sunday of October', () => {
    expect(isRepeatedLondonHour(Date.UTC(2026, OCTOBER, 25, 0, 59))).toBe(false);
    expect(isRepeatedLondonHour(Date.UTC(2026, OCTOBER, 25, 1))).toBe(true);
    expect(isRepeatedLondonHour(Date.UTC(2026, OCTOBER, 25, 1, 59))).toBe(true);
    expect(isRepeatedLondonHour(Date.UTC(2026, OCTOBER, 25, 2))).toBe(false);
    expect(isRepeatedLondonHour(Date.UTC(2026, MARCH, 29, 1, 30))).toBe(false);
  });
});

describe('londonWallClock', () => {
  it('reads GMT in winter: 23:30 UTC on Sunday 22 November is 23:30 on Sunday in London', () => {
    expect(londonWallClock(new Date('2026-11-22T23:30:00Z'))).toEqual({ date: '2026-11-22', dayOfWeek: 0, minutes: 23 * 60 + 30 });
  });

  it('reads BST in summer: 23:30 UTC on Friday 26 June is 00:30 on Saturday in London', () => {
    expect(londonWallClock(new Date('2026-06-26T23:30:00Z'))).toEqual({ date: '2026-06-27', dayOfWeek: 6, minutes: 30 });
  });

  it('reads each instant afresh across minutes, midnight and the clock change, however many it read before', () => {
    expect(londonWallClock(new Date('2026-11-22T23:59:00.000Z'))).toEqual({ date: '2026-11-22', dayOfWeek: 0, minutes: 23 * 60 + 59 });
    expect(londonWallClock(new Date('2026-11-22T23:59:59.999Z'))).toEqual({ date: '2026-11-22', dayOfWeek: 0, minutes: 23 * 60 + 59 });
    expect(londonWallClock(new Date('2026-11-23T00:00:00.000Z'))).toEqual({ date: '2026-11-23', dayOfWeek: 1, minutes: 0 });
    // 01:00 UTC on 29 March 2026 is when London moves to BST: 00:59 GMT, then 02:00 BST.
    expect(londonWallClock(new Date('2026-03-29T00:59:30Z'))).toEqual({ date: '2026-03-29', dayOfWeek: 0, minutes: 59 });
    expect(londonWallClock(new Date('2026-03-29T01:00:30Z'))).toEqual({ date: '2026-03-29', dayOfWeek: 0, minutes: 120 });
  });

  it('gives every caller its own answer: changing one changes no later one', () => {
    const instant = new Date('2026-11-24T18:00:00Z');
    const first = londonWallClock(instant);
    first.minutes = 0;
    first.date = 'changed';
    expect(londonWallClock(instant)).toEqual({ date: '2026-11-24', dayOfWeek: 2, minutes: 18 * 60 });
  });
});

/** The instants whose London wall clock is not the tz database's, each with the tz database's answer. */
function wallClockDisagreements(instantsMs: readonly number[]): string[] {
  return instantsMs
    .filter((instantMs) => JSON.stringify(londonWallClock(new Date(instantMs))) !== JSON.stringify(tzWallClock(instantMs)))
    .map((instantMs) => `${new Date(instantMs).toISOString()}: tz says ${JSON.stringify(tzWallClock(instantMs))}`);
}

describe('londonWallClock against the tz database', () => {
  it('reads the clock changes as the tz database does, 1996 to 2060', () => {
    const instantsMs: number[] = [];
    for (let year = 1996; year <= 2060; year += 1) {
      // The last Sunday of a month is one of its last seven days.
      for (const monthIndex of [2, 9]) {
        for (let day = 25; day <= 31; day += 1) {
          for (const [hour, minute, second] of [[0, 0, 0], [0, 59, 59.999], [1, 0, 0], [1, 0, 59.999], [1, 59, 0], [2, 0, 0]]) {
            instantsMs.push(Date.UTC(year, monthIndex, day, hour, minute) + second * 1000);
          }
        }
      }
    }
    expect(wallClockDisagreements(instantsMs)).toEqual([]);
  });

  it('reads the last millisecond of a minute and the first of the next as the tz database does', () => {
    const instantsMs: number[] = [];
    // Minutes spread over 2020 to 2040, each read at its end, at the next one's start and again later in it (the memo).
    for (let minuteMs = Date.UTC(2020, 0, 1, 0, 0); minuteMs < Date.UTC(2041, 0, 1); minuteMs += 7 * HOUR_MS + 13 * 60_000) {
      instantsMs.push(minuteMs - 1, minuteMs, minuteMs + 59_999);
    }
    expect(wallClockDisagreements(instantsMs)).toEqual([]);
  });
});

describe('calendar days', () => {
  it('adds days across months, years and the clock changes', () => {
    expect(addDays('2026-11-22', 60)).toBe('2027-01-21');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('names the day of the week as the contract does, 0 for Sunday', () => {
    expect(dayOfWeekOf('2026-11-22')).toBe(0);
    expect(dayOfWeekOf('2026-11-23')).toBe(1);
  });

  it('accepts only real days written YYYY-MM-DD', () => {
    expect(isCalendarDate('2026-12-24')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('24/12/2026')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('reads a day back the British way', () => {
    expect(calendarDayLabel('2026-11-28')).toBe('Saturday 28 November 2026');
  });

  it('reads days back as Intl does, weekday, day, month and year', () => {
    const intlDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const disagreements: string[] = [];
    for (let day = 0; day < 800; day += 1) {
      const date = addDays('2025-12-01', day);
      const parts = Object.fromEntries(intlDay.formatToParts(new Date(`${date}T12:00:00Z`)).map((part) => [part.type, part.value]));
      // Joined from its parts: whether a comma follows the weekday differs between ICU versions.
      const expected = `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
      if (calendarDayLabel(date) !== expected) disagreements.push(`${date}: Intl says ${expected}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('reads a time of day as minutes, midnight as 0', () => {
    expect(minutesOfTime('17:30')).toBe(1050);
    expect(minutesOfTime('00:00')).toBe(0);
  });

  it('writes minutes since midnight as a time of day', () => {
    expect(timeOfMinutes(1050)).toBe('17:30');
    expect(timeOfMinutes(0)).toBe('00:00');
    expect(timeOfMinutes(23 * 60 + 59)).toBe('23:59');
  });
});
