// The rules of the booking request and the catering enquiry (docs/restaurant-pages.md), with the message each
// broken rule gives, shared by the server's validation and the browser's forms. Phone and email follow
// contactRules.ts, as the order's contact step does.
import { atLeast, atLeastCharacters, atMostCharacters } from './limitMessages';

export const BOOKING_SLOT_MINUTES = 15;
export const BOOKING_LEAD_MINUTES = 60;
/** The last seating is this long before closing. */
export const LAST_SEATING_MINUTES = 60;
export const BOOKING_DAYS_AHEAD = 60;
export const MIN_PARTY_SIZE = 1;
export const MAX_PARTY_SIZE = 20;
export const MAX_NAME_LENGTH = 100;
export const MAX_NOTES_LENGTH = 1000;

export const ENQUIRY_MIN_DAYS_AHEAD = 2;
export const ENQUIRY_MAX_DAYS_AHEAD = 365;
export const MIN_GUESTS = 10;
export const MAX_GUESTS = 500;
export const MAX_BUDGET_LENGTH = 100;
export const MIN_MESSAGE_LENGTH = 10;
export const MAX_MESSAGE_LENGTH = 2000;

/** The staff lists cover at most this many days after their first. */
export const STAFF_LIST_MAX_DAYS = 62;

export const bookingMessages = {
  dateFormat: 'must be a date, for example 2026-12-24',
  dateInPast: 'must be today or a later day',
  dateTooFarAhead: `must be within ${BOOKING_DAYS_AHEAD} days from today`,
  dateClosed: 'must be a day the restaurant is open',
  timeFormat: 'must be a time, for example 19:30',
  timeNotOnQuarterHour: 'must be on the hour, or at quarter past, half past or quarter to',
  timeOutsideHours: `must be within the opening hours, and at least ${LAST_SEATING_MINUTES} minutes before closing`,
  timeTooSoon: `must be at least ${BOOKING_LEAD_MINUTES} minutes from now`,
  partySizeTooSmall: atLeast(MIN_PARTY_SIZE),
  partySizeTooLarge: `must be ${MAX_PARTY_SIZE} or fewer; for a larger party please phone the restaurant`,
  nameEmpty: atLeastCharacters(1),
  nameTooLong: atMostCharacters(MAX_NAME_LENGTH),
  notesTooLong: atMostCharacters(MAX_NOTES_LENGTH),
} as const;

export const enquiryMessages = {
  eventDateFormat: bookingMessages.dateFormat,
  eventDateTooSoon: `must be at least ${ENQUIRY_MIN_DAYS_AHEAD} days from today`,
  eventDateTooFarAhead: `must be within ${ENQUIRY_MAX_DAYS_AHEAD} days from today`,
  guestsTooFew: `must be at least ${MIN_GUESTS}; for a smaller party please book a table`,
  guestsTooMany: `must be ${MAX_GUESTS} or fewer`,
  budgetTooLong: atMostCharacters(MAX_BUDGET_LENGTH),
  nameEmpty: bookingMessages.nameEmpty,
  nameTooLong: bookingMessages.nameTooLong,
  messageTooShort: `must be at least ${MIN_MESSAGE_LENGTH} characters: tell us about your event`,
  messageTooLong: atMostCharacters(MAX_MESSAGE_LENGTH),
} as const;

export const staffListMessages = {
  toBeforeFrom: 'must not be before from',
  rangeTooLong: `must be at most ${STAFF_LIST_MAX_DAYS} days after from`,
} as const;
