// Validation of a table-booking request and a catering enquiry (docs/restaurant-pages.md): every invalid field is
// reported with its own message, so the form can show each by its field; a valid one comes back trimmed, as stored.

import type { components } from '../../api/schema.gen';
import {
  ENQUIRY_MAX_DAYS_AHEAD,
  ENQUIRY_MIN_DAYS_AHEAD,
  MAX_BUDGET_LENGTH,
  MAX_GUESTS,
  MAX_MESSAGE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_PARTY_SIZE,
  MIN_GUESTS,
  MIN_MESSAGE_LENGTH,
  MIN_PARTY_SIZE,
  STAFF_LIST_MAX_DAYS,
  bookingMessages,
  enquiryMessages,
  staffListMessages,
} from '../../domain/bookingRules';
import { isEmailAddress, isUkPhoneNumber } from '../../domain/contactRules';
import { daysBetween, isCalendarDate, londonDateAt } from '../../domain/londonClock';
import { bookingDateRefusal, bookingTimeRefusal, type BookingClock } from './bookingTimes';
import { EMAIL_FORMAT_MESSAGE, PHONE_FORMAT_MESSAGE } from '../../domain/contactMessages';
import type { ValidationFailure } from './validationFailure';

type Schemas = components['schemas'];
export type BookingRequest = Schemas['BookingRequest'];
export type CateringEnquiry = Schemas['CateringEnquiry'];
/** What is stored: every field present and trimmed. */
export type ValidBookingRequest = Required<BookingRequest>;
export type ValidCateringEnquiry = Required<CateringEnquiry>;

export type Validated<Value> = { ok: true; value: Value } | { ok: false; failures: ValidationFailure[] };

/** Field name → the message of the first rule it breaks, or undefined when it keeps them all. */
type FieldChecks = Record<string, string | undefined>;

function validated<Value>(value: Value, checks: FieldChecks): Validated<Value> {
  const failures = Object.entries(checks)
    .filter((check): check is [string, string] => check[1] !== undefined)
    .map(([field, message]) => ({ field, message }));
  return failures.length === 0 ? { ok: true, value } : { ok: false, failures };
}

function firstRefusal(...rules: Array<[broken: boolean, message: string]>): string | undefined {
  return rules.find(([broken]) => broken)?.[1];
}

function contactChecks(
  contact: { name: string; phone: string; email: string },
  messages: { nameEmpty: string; nameTooLong: string },
): FieldChecks {
  return {
    name: firstRefusal([contact.name === '', messages.nameEmpty], [contact.name.length > MAX_NAME_LENGTH, messages.nameTooLong]),
    phone: firstRefusal([!isUkPhoneNumber(contact.phone), PHONE_FORMAT_MESSAGE]),
    email: firstRefusal([!isEmailAddress(contact.email), EMAIL_FORMAT_MESSAGE]),
  };
}

export function validateBookingRequest(request: BookingRequest, clock: BookingClock): Validated<ValidBookingRequest> {
  const value: ValidBookingRequest = {
    date: request.date,
    time: request.time,
    partySize: request.partySize,
    name: request.name.trim(),
    phone: request.phone.trim(),
    email: request.email.trim(),
    notes: (request.notes ?? '').trim(),
  };
  const dateRefusal = bookingDateRefusal(value.date, clock);
  return validated(value, {
    date: dateRefusal,
    // A time is judged against its day's opening hours, so only once the day itself can be booked.
    time: dateRefusal === undefined ? bookingTimeRefusal(value.date, value.time, clock) : undefined,
    partySize: firstRefusal(
      [value.partySize < MIN_PARTY_SIZE, bookingMessages.partySizeTooSmall],
      [value.partySize > MAX_PARTY_SIZE, bookingMessages.partySizeTooLarge],
    ),
    ...contactChecks(value, bookingMessages),
    notes: firstRefusal([value.notes.length > MAX_NOTES_LENGTH, bookingMessages.notesTooLong]),
  });
}

function eventDateRefusal(eventDate: string, now: Date): string | undefined {
  const daysAhead = daysBetween(londonDateAt(now.getTime()), eventDate);
  if (daysAhead === undefined) return enquiryMessages.eventDateFormat;
  if (daysAhead < ENQUIRY_MIN_DAYS_AHEAD) return enquiryMessages.eventDateTooSoon;
  if (daysAhead > ENQUIRY_MAX_DAYS_AHEAD) return enquiryMessages.eventDateTooFarAhead;
  return undefined;
}

export function validateCateringEnquiry(enquiry: CateringEnquiry, now: Date): Validated<ValidCateringEnquiry> {
  const value: ValidCateringEnquiry = {
    eventDate: enquiry.eventDate,
    guests: enquiry.guests,
    budget: (enquiry.budget ?? '').trim(),
    name: enquiry.name.trim(),
    phone: enquiry.phone.trim(),
    email: enquiry.email.trim(),
    message: enquiry.message.trim(),
  };
  return validated(value, {
    eventDate: eventDateRefusal(value.eventDate, now),
    guests: firstRefusal(
      [value.guests < MIN_GUESTS, enquiryMessages.guestsTooFew],
      [value.guests > MAX_GUESTS, enquiryMessages.guestsTooMany],
    ),
    budget: firstRefusal([value.budget.length > MAX_BUDGET_LENGTH, enquiryMessages.budgetTooLong]),
    ...contactChecks(value, enquiryMessages),
    message: firstRefusal(
      [value.message.length < MIN_MESSAGE_LENGTH, enquiryMessages.messageTooShort],
      [value.message.length > MAX_MESSAGE_LENGTH, enquiryMessages.messageTooLong],
    ),
  });
}

export interface DateRange {
  from: string;
  to: string;
}

/** The staff lists' days: `to` not before `from`, at most STAFF_LIST_MAX_DAYS after it. */
export function validateStaffListRange(range: DateRange): Validated<DateRange> {
  const days = daysBetween(range.from, range.to) ?? 0;
  return validated(range, {
    from: firstRefusal([!isCalendarDate(range.from), bookingMessages.dateFormat]),
    to: firstRefusal(
      [!isCalendarDate(range.to), bookingMessages.dateFormat],
      [days < 0, staffListMessages.toBeforeFrom],
      [days > STAFF_LIST_MAX_DAYS, staffListMessages.rangeTooLong],
    ),
  });
}
