import { describe, expect, it } from 'vitest';
import { bookingMessages, enquiryMessages, staffListMessages } from '../../src/domain/bookingRules';
import { validateBookingRequest, validateCateringEnquiry, validateStaffListRange } from '../../src/server/domain/bookingRequests';
import { bookingTimes } from '../../src/server/domain/bookingTimes';
import { newCustomerReference, REFERENCE_ALPHABET, storeUnderNewReference } from '../../src/server/domain/customerReferences';
import { daysBetween, minutesOfLocalTime } from '../../src/domain/londonClock';

// The demo restaurant's week: closed on Mondays (day 1). 24 November 2026 is a Tuesday; London keeps GMT then.
const demoHours = [
  { day: 0, opens: '16:00', closes: '22:00' },
  { day: 2, opens: '17:00', closes: '22:30' },
  { day: 3, opens: '17:00', closes: '22:30' },
  { day: 4, opens: '17:00', closes: '22:30' },
  { day: 5, opens: '17:00', closes: '23:30' },
  { day: 6, opens: '17:00', closes: '23:30' },
];
const tuesdaySix = { now: new Date('2026-11-24T18:00:00Z'), openingPeriods: demoHours };
const quarterHours = (first: string, last: string) => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const times: string[] = [];
  for (let at = minutes(first); at <= minutes(last); at += 15)
    times.push(`${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`);
  return times;
};

describe('London days and times', () => {
  it('counts days across months and years, only between real days', () => {
    expect(daysBetween('2026-11-24', '2027-01-23')).toBe(60);
    expect(daysBetween('2026-12-31', '2026-12-01')).toBe(-30);
    expect(daysBetween('2026-11-24', '2026-02-30')).toBeUndefined();
  });

  it('reads times of day as HH:MM only', () => {
    expect(['19:30', '00:00', '23:59', '24:00', '7:30', '19:60', '7pm'].map(minutesOfLocalTime)).toEqual([
      1170,
      0,
      1439,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('booking times in Europe/London', () => {
  it('today: every quarter hour from an hour from now to an hour before closing', () => {
    expect(bookingTimes('2026-11-24', tuesdaySix)).toEqual(quarterHours('19:00', '21:30'));
    expect(bookingTimes('2026-11-24', { ...tuesdaySix, now: new Date('2026-11-24T18:01:00Z') })[0]).toBe('19:15');
  });

  it('a later day: from the opening, which the lead time does not push back', () => {
    expect(bookingTimes('2026-11-25', tuesdaySix)).toEqual(quarterHours('17:00', '21:30'));
  });

  it('none on a closed day, a past day, or more than 60 days ahead', () => {
    expect(bookingTimes('2026-11-30', tuesdaySix)).toEqual([]);
    expect(bookingTimes('2026-11-23', tuesdaySix)).toEqual([]);
    expect(bookingTimes('2027-01-23', tuesdaySix)).toEqual(quarterHours('17:00', '22:30'));
    expect(bookingTimes('2027-01-24', tuesdaySix)).toEqual([]);
    expect(bookingTimes('2026-11-24', { ...tuesdaySix, now: new Date('2026-11-24T21:31:00Z') })).toEqual([]);
  });

  it('keeps London wall-clock hours in summer time and on the day the clocks change', () => {
    const juneMorning = { now: new Date('2026-06-15T09:00:00Z'), openingPeriods: demoHours };
    expect(bookingTimes('2026-06-16', juneMorning)).toEqual(quarterHours('17:00', '21:30'));
    const marchSaturday = { now: new Date('2026-03-28T12:00:00Z'), openingPeriods: demoHours };
    expect(bookingTimes('2026-03-29', marchSaturday)).toEqual(quarterHours('16:00', '21:00'));
  });

  it('gives the after-midnight part of an opening to the next day', () => {
    const lateFriday = { now: new Date('2026-11-24T12:00:00Z'), openingPeriods: [{ day: 5, opens: '18:00', closes: '02:00' }] };
    expect(bookingTimes('2026-11-27', lateFriday)).toEqual(quarterHours('18:00', '23:45'));
    expect(bookingTimes('2026-11-28', lateFriday)).toEqual(quarterHours('00:00', '01:00'));
  });
});

const validBooking = {
  date: '2026-11-25',
  time: '19:30',
  partySize: 4,
  name: ' Ada Lovelace ',
  phone: '0113 496 0999',
  email: 'ada@example.com ',
};

describe('validating a booking request', () => {
  it('answers a valid request trimmed, with empty notes when none were written', () => {
    expect(validateBookingRequest(validBooking, tuesdaySix)).toEqual({
      ok: true,
      value: { ...validBooking, name: 'Ada Lovelace', email: 'ada@example.com', notes: '' },
    });
  });

  it('reports every invalid field at once, each with its own message', () => {
    const result = validateBookingRequest(
      { date: '2026-11-24', time: '19:10', partySize: 0, name: '   ', phone: '12345', email: 'ada@', notes: 'x'.repeat(1001) },
      tuesdaySix,
    );
    expect(result).toEqual({
      ok: false,
      failures: [
        { field: 'time', message: bookingMessages.timeNotOnQuarterHour },
        { field: 'partySize', message: bookingMessages.partySizeTooSmall },
        { field: 'name', message: bookingMessages.nameEmpty },
        { field: 'phone', message: 'must be a UK phone number, for example 0113 496 0123' },
        { field: 'email', message: 'must be an email address, for example name@example.com' },
        { field: 'notes', message: bookingMessages.notesTooLong },
      ],
    });
  });

  const failuresOf = (changes: Record<string, unknown>) => {
    const result = validateBookingRequest({ ...validBooking, ...changes }, tuesdaySix);
    return result.ok ? [] : result.failures;
  };

  it.each([
    [{ date: '2026-11-23' }, 'date', bookingMessages.dateInPast],
    [{ date: '2026-02-30' }, 'date', bookingMessages.dateFormat],
    [{ date: '2027-01-24' }, 'date', bookingMessages.dateTooFarAhead],
    [{ date: '2026-11-30' }, 'date', bookingMessages.dateClosed],
    [{ date: '2026-11-24', time: '18:45' }, 'time', bookingMessages.timeTooSoon],
    [{ time: '16:45' }, 'time', bookingMessages.timeOutsideHours],
    [{ time: '21:45' }, 'time', bookingMessages.timeOutsideHours],
    [{ time: '7pm' }, 'time', bookingMessages.timeFormat],
    [{ time: '24:00' }, 'time', bookingMessages.timeFormat],
    [{ partySize: 21 }, 'partySize', bookingMessages.partySizeTooLarge],
    [{ name: 'x'.repeat(101) }, 'name', bookingMessages.nameTooLong],
  ])('%o is refused on %s', (changes, field, message) => {
    expect(failuresOf(changes)).toEqual([{ field, message }]);
  });

  it('accepts the limits themselves', () => {
    expect(failuresOf({ date: '2026-11-24', time: '19:00', partySize: 1, notes: 'x'.repeat(1000), name: 'x'.repeat(100) })).toEqual([]);
    expect(failuresOf({ time: '21:30', partySize: 20 })).toEqual([]);
  });

  it('does not judge the time of a day that cannot be booked', () => {
    expect(failuresOf({ date: '2026-11-23', time: '12:00' })).toEqual([{ field: 'date', message: bookingMessages.dateInPast }]);
  });
});

const validEnquiry = {
  eventDate: '2026-12-24',
  guests: 40,
  name: 'Ada Lovelace',
  phone: '07700 900123',
  email: 'ada@example.com',
  message: ' A family party at home ',
};

describe('validating a catering enquiry', () => {
  const now = tuesdaySix.now;
  const failuresOf = (changes: Record<string, unknown>) => {
    const result = validateCateringEnquiry({ ...validEnquiry, ...changes }, now);
    return result.ok ? [] : result.failures;
  };

  it('answers a valid enquiry trimmed, with an empty budget when none was given', () => {
    expect(validateCateringEnquiry(validEnquiry, now)).toEqual({
      ok: true,
      value: { ...validEnquiry, message: 'A family party at home', budget: '' },
    });
  });

  it('takes events from two days to a year ahead, 10 to 500 guests', () => {
    expect(failuresOf({ eventDate: '2026-11-26', guests: 10 })).toEqual([]);
    expect(failuresOf({ eventDate: '2027-11-24', guests: 500 })).toEqual([]);
  });

  it.each([
    [{ eventDate: '2026-11-25' }, 'eventDate', enquiryMessages.eventDateTooSoon],
    [{ eventDate: '2027-11-25' }, 'eventDate', enquiryMessages.eventDateTooFarAhead],
    [{ eventDate: 'next week' }, 'eventDate', enquiryMessages.eventDateFormat],
    [{ guests: 9 }, 'guests', enquiryMessages.guestsTooFew],
    [{ guests: 501 }, 'guests', enquiryMessages.guestsTooMany],
    [{ budget: 'x'.repeat(101) }, 'budget', enquiryMessages.budgetTooLong],
    [{ message: ' too short ' }, 'message', enquiryMessages.messageTooShort],
    [{ message: 'x'.repeat(2001) }, 'message', enquiryMessages.messageTooLong],
  ])('%o is refused on %s', (changes, field, message) => {
    expect(failuresOf(changes)).toEqual([{ field, message }]);
  });

  it('reports every invalid field at once', () => {
    expect(
      failuresOf({ eventDate: '2026-11-24', guests: 0, name: '', phone: '', email: '', message: '' }).map(({ field }) => field),
    ).toEqual(['eventDate', 'guests', 'name', 'phone', 'email', 'message']);
  });
});

describe('the staff lists’ range of days', () => {
  it('allows up to 62 days after from, and refuses to before from', () => {
    expect(validateStaffListRange({ from: '2026-11-24', to: '2027-01-25' }).ok).toBe(true);
    expect(validateStaffListRange({ from: '2026-11-24', to: '2027-01-26' })).toEqual({
      ok: false,
      failures: [{ field: 'to', message: staffListMessages.rangeTooLong }],
    });
    expect(validateStaffListRange({ from: '2026-11-24', to: '2026-11-23' })).toEqual({
      ok: false,
      failures: [{ field: 'to', message: staffListMessages.toBeforeFrom }],
    });
    expect(validateStaffListRange({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      ok: false,
      failures: [{ field: 'from', message: bookingMessages.dateFormat }],
    });
  });
});

describe('customer references', () => {
  it('are the prefix and six characters of the readable alphabet', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    for (let count = 0; count < 200; count += 1) {
      expect(newCustomerReference('B-')).toMatch(/^B-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    }
    expect(newCustomerReference('C-', () => 0)).toBe('C-222222');
    expect(newCustomerReference('C-', (size) => size - 1)).toBe('C-ZZZZZZ');
  });

  it('are drawn again while the one drawn is taken, and given up on after five clashes', async () => {
    const tried: string[] = [];
    const taken = new Set(['B-222222', 'B-333333']);
    // Every draw of a reference picks the same character: 2s, then 3s, then 4s.
    let draws = 0;
    const sameCharacterEachTime = () => Math.floor(draws++ / 6);
    const reference = await storeUnderNewReference(
      'B-',
      async (candidate) => {
        tried.push(candidate);
        return taken.has(candidate) ? 'referenceTaken' : 'stored';
      },
      sameCharacterEachTime,
    );
    expect(tried).toEqual(['B-222222', 'B-333333', 'B-444444']);
    expect(reference).toBe('B-444444');

    await expect(storeUnderNewReference('C-', async () => 'referenceTaken')).rejects.toThrow('No free C- reference after 5 attempts');
  });
});
