import { describe, expect, it } from 'vitest';
import { bookingsRangeErrors, bookingsRangeMessages, defaultBookingsRange, groupByDay } from '../../src/screens/kitchen/kitchenBookingsRange';

describe('the Bookings view’s dates', () => {
  it('shows today and the 13 days after it at first, across a month’s end', () => {
    expect(defaultBookingsRange('2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-12-05' });
  });

  it('takes a single day, and up to 62 days after the first as the server does', () => {
    expect(bookingsRangeErrors({ from: '2026-11-22', to: '2026-11-22' })).toEqual({});
    expect(bookingsRangeErrors({ from: '2026-11-22', to: '2027-01-23' })).toEqual({});
  });

  it('refuses on To a last day before the first, or more than 62 days after it', () => {
    expect(bookingsRangeErrors({ from: '2026-11-22', to: '2026-11-21' })).toEqual({ to: bookingsRangeMessages.toBeforeFrom });
    expect(bookingsRangeErrors({ from: '2026-11-22', to: '2027-01-24' })).toEqual({ to: bookingsRangeMessages.rangeTooLong });
    expect(bookingsRangeMessages.rangeTooLong).toBe('To must be at most 62 days after From: choose fewer days');
  });

  it('refuses a field left empty (a half-typed date input) on that field alone', () => {
    expect(bookingsRangeErrors({ from: '', to: '2026-11-22' })).toEqual({ from: 'From must be a date, for example 2026-12-24' });
    expect(bookingsRangeErrors({ from: '2026-11-22', to: '2026-02-30' })).toEqual({ to: 'To must be a date, for example 2026-12-24' });
  });
});

describe('groupByDay', () => {
  it('gathers items under their day, days in the order they first come', () => {
    const items = [
      { ref: 'a', date: '2026-11-24' },
      { ref: 'b', date: '2026-11-24' },
      { ref: 'c', date: '2026-11-26' },
    ];
    expect(groupByDay(items, (item) => item.date)).toEqual([
      { date: '2026-11-24', items: [items[0], items[1]] },
      { date: '2026-11-26', items: [items[2]] },
    ]);
    expect(groupByDay([], () => '')).toEqual([]);
  });
});
