import { describe, expect, it } from 'vitest';
import { goldenDragonOpeningHours } from '../../src/server/db/seed/goldenDragonRestaurant';
import { currentMarks, soldOutUntil } from '../../src/server/domain/soldOut';

// "Sold out today" comes back when the restaurant's next opening day starts (docs/back-office.md). November: London is
// on GMT, so its clock reads as UTC. The demo restaurant: Sunday 16:00-22:00, closed Monday, Tuesday to Thursday
// 17:00-22:30, Friday and Saturday 17:00-23:30.

const at = (instant: string) => new Date(instant);

describe('soldOutUntil', () => {
  it.each([
    ['during Tuesday’s service', '2026-11-24T18:00:00Z', '2026-11-25T17:00:00.000Z'],
    ['on Tuesday morning, before it opens: sold out for Tuesday’s service too', '2026-11-24T10:00:00Z', '2026-11-25T17:00:00.000Z'],
    ['on Saturday evening', '2026-11-28T20:00:00Z', '2026-11-29T16:00:00.000Z'],
    ['on Sunday, before the Monday it is closed', '2026-11-29T20:00:00Z', '2026-12-01T17:00:00.000Z'],
  ])('marked %s, comes back when the next opening day starts', (_when, now, until) => {
    expect(soldOutUntil(at(now), goldenDragonOpeningHours).toISOString()).toBe(until);
  });

  it('counts an evening that runs past midnight as the day it opened on', () => {
    const lateNights = [5, 6].map((day) => ({ day, opens: '17:00', closes: '01:00' }));
    // Half past midnight on Saturday is still Friday's service: back for Saturday's.
    expect(soldOutUntil(at('2026-11-28T00:30:00Z'), lateNights).toISOString()).toBe('2026-11-28T17:00:00.000Z');
  });

  it('follows London’s summer time', () => {
    // Wednesday 17:00 in London is 16:00 UTC in June.
    expect(soldOutUntil(at('2026-06-09T18:00:00Z'), goldenDragonOpeningHours).toISOString()).toBe('2026-06-10T16:00:00.000Z');
  });

  it('skips a day the owner closed, and opens at a special day’s own hours', () => {
    const christmas = [
      { date: '2026-12-24', message: 'Christmas Eve: open early', sessions: [{ opens: '12:00', closes: '16:00' }] },
      { date: '2026-12-25', message: 'Closed for Christmas Day', sessions: [] },
    ];
    // Wednesday 23 December: Thursday 24th opens at noon.
    expect(soldOutUntil(at('2026-12-23T18:00:00Z'), goldenDragonOpeningHours, christmas).toISOString()).toBe('2026-12-24T12:00:00.000Z');
    // Christmas Eve: Friday 25th is closed, so Saturday 26th at 17:00.
    expect(soldOutUntil(at('2026-12-24T13:00:00Z'), goldenDragonOpeningHours, christmas).toISOString()).toBe('2026-12-26T17:00:00.000Z');
  });

  it('gives a restaurant with no opening ahead its dish back a day later', () => {
    expect(soldOutUntil(at('2026-11-24T18:00:00Z'), []).toISOString()).toBe('2026-11-25T18:00:00.000Z');
  });
});

describe('currentMarks', () => {
  it('keeps only the marks whose day has not yet come', () => {
    const marks = [
      { itemId: 1, configId: null, until: '2026-11-25T17:00:00.000Z' },
      { itemId: 2, configId: 21, until: '2026-11-24T17:00:00.000Z' },
    ];
    expect(currentMarks(marks, at('2026-11-24T18:00:00Z'))).toEqual([marks[0]]);
    expect(currentMarks(marks, at('2026-11-25T17:00:00Z'))).toEqual([]);
  });
});
