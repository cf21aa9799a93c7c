import { describe, expect, it } from 'vitest';
import { addDays, calendarDayLabel, dayOfWeekOf, isCalendarDate, londonWallClock, minutesOfTime } from '../../src/domain/londonClock';

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

  it('reads a time of day as minutes, midnight as 0', () => {
    expect(minutesOfTime('17:30')).toBe(1050);
    expect(minutesOfTime('00:00')).toBe(0);
  });
});
