import type { components } from '../../api/schema.gen';
import {
  BOOKING_DAYS_AHEAD,
  MAX_NAME_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_PARTY_SIZE,
  MIN_PARTY_SIZE,
  bookingMessages,
} from '../../domain/bookingRules';
import { addDays, isCalendarDate } from '../../domain/londonClock';
import { contactErrors, wholeNumberOf } from './contactFields';
import { fieldMessage, withoutEmpty, type FieldErrors } from '../../domain/fieldMessages';

type BookingRequest = components['schemas']['BookingRequest'];

/** The booking form as typed: text, so that nothing the customer entered is changed or lost when it is refused. */
export interface BookingDraft {
  date: string;
  time: string;
  partySize: string;
  name: string;
  phone: string;
  email: string;
  notes: string;
}

export type BookingField = keyof BookingDraft;

/** Each field's name in a message ("Number of people must be at least 1"), keyed as the API names the field. */
export const BOOKING_SUBJECTS: Readonly<Record<BookingField, string>> = {
  date: 'Date',
  time: 'Time',
  partySize: 'Number of people',
  name: 'Name',
  phone: 'Phone number',
  email: 'Email',
  notes: 'Notes',
};

// A party of two is the commonest table; the customer changes it if not.
export const EMPTY_BOOKING: BookingDraft = { date: '', time: '', partySize: '2', name: '', phone: '', email: '', notes: '' };

export const PARTY_SIZES: readonly string[] = Array.from({ length: MAX_PARTY_SIZE - MIN_PARTY_SIZE + 1 }, (_, index) => String(MIN_PARTY_SIZE + index));

// Texts for what only the form can get wrong: the server is never sent a time that was not offered.
export const bookingFormMessages = {
  timeMissing: 'Choose a time from the list',
  noTimesThatDay: 'There are no tables to book on this day. Please choose another day.',
  partySizeNotWhole: `Number of people must be a whole number from ${MIN_PARTY_SIZE} to ${MAX_PARTY_SIZE}`,
} as const;

/** The days a table can be requested for: today to BOOKING_DAYS_AHEAD days ahead, on London's calendar. */
export function bookingDateRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, BOOKING_DAYS_AHEAD) };
}

export interface BookingFormContext {
  /** London's calendar day now. */
  today: string;
  /** The times `GET /booking/times/{date}` offered for the draft's date; undefined until they have arrived. */
  offeredTimes: readonly string[] | undefined;
}

/** Why the day cannot be asked for, or undefined when it can (whether the restaurant opens then is the server's to say). */
export function bookingDateError(date: string, today: string): string | undefined {
  const { min, max } = bookingDateRange(today);
  if (!isCalendarDate(date)) return fieldMessage(BOOKING_SUBJECTS.date, bookingMessages.dateFormat);
  if (date < min) return fieldMessage(BOOKING_SUBJECTS.date, bookingMessages.dateInPast);
  if (date > max) return fieldMessage(BOOKING_SUBJECTS.date, bookingMessages.dateTooFarAhead);
  return undefined;
}

/** The server refuses a later day without times as closed; today may simply have no times left, which is the time's to say. */
function closedDayError(date: string, { today, offeredTimes }: BookingFormContext): string | undefined {
  return offeredTimes?.length === 0 && date !== today ? fieldMessage(BOOKING_SUBJECTS.date, bookingMessages.dateClosed) : undefined;
}

function timeError(time: string, offeredTimes: readonly string[] | undefined): string | undefined {
  if (offeredTimes?.length === 0) return bookingFormMessages.noTimesThatDay;
  if (offeredTimes === undefined || !offeredTimes.includes(time)) return bookingFormMessages.timeMissing;
  return undefined;
}

function partySizeError(partySize: string): string | undefined {
  const size = wholeNumberOf(partySize);
  if (size === undefined) return bookingFormMessages.partySizeNotWhole;
  if (size < MIN_PARTY_SIZE) return fieldMessage(BOOKING_SUBJECTS.partySize, bookingMessages.partySizeTooSmall);
  if (size > MAX_PARTY_SIZE) return fieldMessage(BOOKING_SUBJECTS.partySize, bookingMessages.partySizeTooLarge);
  return undefined;
}

/** The server's rules (src/server/domain/bookingRequests.ts) checked before sending, with the same words. */
export function validateBooking(draft: BookingDraft, context: BookingFormContext): FieldErrors<BookingField> {
  const date = bookingDateError(draft.date, context.today) ?? closedDayError(draft.date, context);
  return withoutEmpty<BookingField>({
    date,
    // As on the server, a time is only judged once its day can be booked.
    time: date === undefined ? timeError(draft.time, context.offeredTimes) : undefined,
    partySize: partySizeError(draft.partySize),
    ...contactErrors(draft, BOOKING_SUBJECTS, { nameEmpty: bookingMessages.nameEmpty, nameTooLong: bookingMessages.nameTooLong, maxNameLength: MAX_NAME_LENGTH }),
    notes: draft.notes.trim().length > MAX_NOTES_LENGTH ? fieldMessage(BOOKING_SUBJECTS.notes, bookingMessages.notesTooLong) : undefined,
  });
}

/** The request as sent: trimmed text and a number of people (call only once the draft is valid). */
export function bookingRequestOf(draft: BookingDraft): BookingRequest {
  return {
    date: draft.date,
    time: draft.time,
    partySize: Number(draft.partySize),
    name: draft.name.trim(),
    phone: draft.phone.trim(),
    email: draft.email.trim(),
    notes: draft.notes.trim(),
  };
}
