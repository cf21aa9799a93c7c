import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../src/domain/bookingRules';
import { BOOKING_SUBJECTS, EMPTY_BOOKING, bookingDateRange, bookingFormMessages, bookingRequestOf, validateBooking, type BookingDraft } from '../../src/screens/booking/bookingForm';
import { CATERING_SUBJECTS, EMPTY_ENQUIRY, cateringFormMessages, enquiryOf, eventDateRange, validateEnquiry, type CateringDraft } from '../../src/screens/booking/cateringForm';
import { fieldMessage, placeFailures } from '../../src/domain/fieldMessages';
import { validateBookingRequest, validateCateringEnquiry } from '../../src/server/domain/bookingRequests';
import { goldenDragonOpeningHours } from '../../src/server/db/seed/goldenDragonRestaurant';

// Noon on Sunday 22 November 2026 in London (GMT); Tuesday the 24th is open 17:00–22:30.
const now = new Date('2026-11-22T12:00:00Z');
const today = '2026-11-22';
const clock = { now, openingPeriods: goldenDragonOpeningHours };

const validBooking: BookingDraft = {
  date: '2026-11-24',
  time: '19:00',
  partySize: '4',
  name: '  Mei Lin ',
  phone: '07700 900123',
  email: 'mei@example.com ',
  notes: ' A high chair, please ',
};
const offered = { today, offeredTimes: ['18:45', '19:00', '19:15'] };

const validEnquiry: CateringDraft = {
  eventDate: '2026-12-19',
  guests: '40',
  budget: ' about £15 a head ',
  name: 'Sam Carter',
  phone: '0113 496 0000',
  email: 'sam@example.com',
  message: ' A fortieth birthday in our garden. ',
};

const longText = (length: number) => 'x'.repeat(length);

describe('placing the server’s validation failures by field', () => {
  it('words each known field’s first failure as a sentence, and keeps the rest for the form as a whole', () => {
    const placed = placeFailures(
      [
        { field: 'name', message: 'must not be empty' },
        { field: 'name', message: 'must be at most 100 characters' },
        { field: 'partySize', message: 'must be at least 1' },
        { field: 'body', message: 'must be valid JSON' },
      ],
      BOOKING_SUBJECTS,
    );
    expect(placed).toEqual({
      fieldErrors: { name: 'Name must not be empty', partySize: 'Number of people must be at least 1' },
      unplaced: ['body: must be valid JSON'],
    });
  });

  it('leaves a message that is already a sentence as it is, and ignores inherited property names', () => {
    expect(fieldMessage('Time', 'Choose a time from the list')).toBe('Choose a time from the list');
    expect(placeFailures([{ field: 'constructor', message: 'is not allowed' }], BOOKING_SUBJECTS).unplaced).toEqual(['constructor: is not allowed']);
  });
});

describe('the booking form', () => {
  it('accepts a full request and sends it trimmed, with a number of people', () => {
    expect(validateBooking(validBooking, offered)).toEqual({});
    expect(bookingRequestOf(validBooking)).toEqual({
      date: '2026-11-24',
      time: '19:00',
      partySize: 4,
      name: 'Mei Lin',
      phone: '07700 900123',
      email: 'mei@example.com',
      notes: 'A high chair, please',
    });
  });

  it('offers today to 60 days ahead', () => {
    expect(bookingDateRange(today)).toEqual({ min: '2026-11-22', max: '2027-01-21' });
  });

  it('refuses an empty form field by field, judging no time before there is a day', () => {
    expect(validateBooking({ ...EMPTY_BOOKING, partySize: '' }, { today, offeredTimes: undefined })).toEqual({
      date: 'Date must be a date, for example 2026-12-24',
      partySize: bookingFormMessages.partySizeNotWhole,
      name: 'Name must not be empty',
      phone: 'Phone number must be a UK phone number, for example 0113 496 0123',
      email: 'Email must be an email address, for example name@example.com',
    });
  });

  it('asks for a time from the list, and says so when today has none left', () => {
    expect(validateBooking({ ...validBooking, time: '' }, offered)).toEqual({ time: bookingFormMessages.timeMissing });
    expect(validateBooking(validBooking, { today, offeredTimes: undefined })).toEqual({ time: bookingFormMessages.timeMissing });
    expect(validateBooking({ ...validBooking, time: '12:00' }, offered)).toEqual({ time: bookingFormMessages.timeMissing });
    expect(validateBooking({ ...validBooking, date: today }, { today, offeredTimes: [] })).toEqual({ time: bookingFormMessages.noTimesThatDay });
  });

  it('refuses a later day without times as the server does, as a day the restaurant is closed', () => {
    const monday = { ...validBooking, date: '2026-11-23' };
    const serverAnswer = validateBookingRequest(bookingRequestOf(monday), clock);
    expect(serverAnswer.ok ? [] : serverAnswer.failures).toEqual([{ field: 'date', message: bookingMessages.dateClosed }]);
    expect(validateBooking(monday, { today, offeredTimes: [] })).toEqual({ date: 'Date must be a day the restaurant is open' });
  });

  it('tells a party larger than 20 to phone', () => {
    expect(validateBooking({ ...validBooking, partySize: '21' }, offered).partySize).toBe(`Number of people ${bookingMessages.partySizeTooLarge}`);
  });

  // Whatever the browser refuses, the server refuses in the same words, so the customer reads one message either way.
  const refusedByBoth: Array<[string, Partial<BookingDraft>]> = [
    ['a date that is not one', { date: '2026-02-30' }],
    ['a day in the past', { date: '2026-11-21' }],
    ['a day more than 60 days ahead', { date: '2027-01-22' }],
    ['no people', { partySize: '0' }],
    ['more than 20 people', { partySize: '21' }],
    ['a blank name', { name: '   ' }],
    ['a name over 100 characters', { name: longText(101) }],
    ['a phone number that is not a UK one', { phone: '12345' }],
    ['an email address without a domain', { email: 'mei@' }],
    ['notes over 1000 characters', { notes: longText(1001) }],
  ];
  it.each(refusedByBoth)('refuses %s with the server’s words', (_case, change) => {
    const draft = { ...validBooking, ...change };
    const serverAnswer = validateBookingRequest(bookingRequestOf(draft), clock);
    expect(serverAnswer.ok).toBe(false);
    const serverErrors = serverAnswer.ok ? {} : placeFailures(serverAnswer.failures, BOOKING_SUBJECTS).fieldErrors;
    expect(validateBooking(draft, offered)).toEqual(serverErrors);
  });

  it('agrees with the server that the valid request is valid', () => {
    expect(validateBookingRequest(bookingRequestOf(validBooking), clock).ok).toBe(true);
  });
});

describe('the catering enquiry form', () => {
  it('accepts a full enquiry and sends it trimmed, with a number of guests', () => {
    expect(validateEnquiry(validEnquiry, today)).toEqual({});
    expect(enquiryOf(validEnquiry)).toEqual({
      eventDate: '2026-12-19',
      guests: 40,
      budget: 'about £15 a head',
      name: 'Sam Carter',
      phone: '0113 496 0000',
      email: 'sam@example.com',
      message: 'A fortieth birthday in our garden.',
    });
    expect(validateEnquiry({ ...validEnquiry, budget: '' }, today)).toEqual({});
  });

  it('offers 2 days ahead to a year ahead', () => {
    expect(eventDateRange(today)).toEqual({ min: '2026-11-24', max: '2027-11-22' });
  });

  it('refuses an empty form field by field', () => {
    expect(validateEnquiry(EMPTY_ENQUIRY, today)).toEqual({
      eventDate: 'Event date must be a date, for example 2026-12-24',
      guests: cateringFormMessages.guestsNotWhole,
      name: 'Name must not be empty',
      phone: 'Phone number must be a UK phone number, for example 0113 496 0123',
      email: 'Email must be an email address, for example name@example.com',
      message: 'Message must be at least 10 characters: tell us about your event',
    });
  });

  it('takes only whole numbers of guests', () => {
    expect(validateEnquiry({ ...validEnquiry, guests: '12.5' }, today)).toEqual({ guests: cateringFormMessages.guestsNotWhole });
    expect(validateEnquiry({ ...validEnquiry, guests: 'forty' }, today)).toEqual({ guests: cateringFormMessages.guestsNotWhole });
    expect(validateEnquiry({ ...validEnquiry, guests: ' 40 ' }, today)).toEqual({});
  });

  const refusedByBoth: Array<[string, Partial<CateringDraft>]> = [
    ['a date that is not one', { eventDate: '19/12/2026' }],
    ['tomorrow', { eventDate: '2026-11-23' }],
    ['more than a year ahead', { eventDate: '2027-11-23' }],
    ['fewer than 10 guests', { guests: '9' }],
    ['more than 500 guests', { guests: '501' }],
    ['a budget over 100 characters', { budget: longText(101) }],
    ['a blank name', { name: '' }],
    ['a phone number that is not a UK one', { phone: '+1 212 555 0100' }],
    ['an email address with a space', { email: 'sam carter@example.com' }],
    ['a message under 10 characters', { message: ' Party!   ' }],
    ['a message over 2000 characters', { message: longText(2001) }],
  ];
  it.each(refusedByBoth)('refuses %s with the server’s words', (_case, change) => {
    const draft = { ...validEnquiry, ...change };
    const serverAnswer = validateCateringEnquiry(enquiryOf(draft), now);
    expect(serverAnswer.ok).toBe(false);
    const serverErrors = serverAnswer.ok ? {} : placeFailures(serverAnswer.failures, CATERING_SUBJECTS).fieldErrors;
    expect(validateEnquiry(draft, today)).toEqual(serverErrors);
  });

  it('agrees with the server that the valid enquiry is valid', () => {
    expect(validateCateringEnquiry(enquiryOf(validEnquiry), now).ok).toBe(true);
  });
});
