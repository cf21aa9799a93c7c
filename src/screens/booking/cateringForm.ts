import type { components } from '../../api/schema.gen';
import {
  ENQUIRY_MAX_DAYS_AHEAD,
  ENQUIRY_MIN_DAYS_AHEAD,
  MAX_BUDGET_LENGTH,
  MAX_GUESTS,
  MAX_MESSAGE_LENGTH,
  MAX_NAME_LENGTH,
  MIN_GUESTS,
  MIN_MESSAGE_LENGTH,
  enquiryMessages,
} from '../../domain/bookingRules';
import { addDays, isCalendarDate } from '../../domain/londonClock';
import { contactErrors, wholeNumberOf } from './contactFields';
import { fieldMessage, withoutEmpty, type FieldErrors } from '../../domain/fieldMessages';

type CateringEnquiry = components['schemas']['CateringEnquiry'];

/** The enquiry form as typed, kept whole whatever is refused. */
export interface CateringDraft {
  eventDate: string;
  guests: string;
  budget: string;
  name: string;
  phone: string;
  email: string;
  message: string;
}

export type CateringField = keyof CateringDraft;

export const CATERING_SUBJECTS: Readonly<Record<CateringField, string>> = {
  eventDate: 'Event date',
  guests: 'Number of guests',
  budget: 'Budget',
  name: 'Name',
  phone: 'Phone number',
  email: 'Email',
  message: 'Message',
};

export const EMPTY_ENQUIRY: CateringDraft = { eventDate: '', guests: '', budget: '', name: '', phone: '', email: '', message: '' };

export const cateringFormMessages = {
  guestsNotWhole: `Number of guests must be a whole number from ${MIN_GUESTS} to ${MAX_GUESTS}`,
} as const;

/** The days an event can be asked about: ENQUIRY_MIN_DAYS_AHEAD to ENQUIRY_MAX_DAYS_AHEAD days from today (London). */
export function eventDateRange(today: string): { min: string; max: string } {
  return { min: addDays(today, ENQUIRY_MIN_DAYS_AHEAD), max: addDays(today, ENQUIRY_MAX_DAYS_AHEAD) };
}

function eventDateError(eventDate: string, today: string): string | undefined {
  const { min, max } = eventDateRange(today);
  if (!isCalendarDate(eventDate)) return fieldMessage(CATERING_SUBJECTS.eventDate, enquiryMessages.eventDateFormat);
  if (eventDate < min) return fieldMessage(CATERING_SUBJECTS.eventDate, enquiryMessages.eventDateTooSoon);
  if (eventDate > max) return fieldMessage(CATERING_SUBJECTS.eventDate, enquiryMessages.eventDateTooFarAhead);
  return undefined;
}

function guestsError(guestsText: string): string | undefined {
  const guests = wholeNumberOf(guestsText);
  if (guests === undefined) return cateringFormMessages.guestsNotWhole;
  if (guests < MIN_GUESTS) return fieldMessage(CATERING_SUBJECTS.guests, enquiryMessages.guestsTooFew);
  if (guests > MAX_GUESTS) return fieldMessage(CATERING_SUBJECTS.guests, enquiryMessages.guestsTooMany);
  return undefined;
}

function messageError(messageText: string): string | undefined {
  const message = messageText.trim();
  if (message.length < MIN_MESSAGE_LENGTH) return fieldMessage(CATERING_SUBJECTS.message, enquiryMessages.messageTooShort);
  if (message.length > MAX_MESSAGE_LENGTH) return fieldMessage(CATERING_SUBJECTS.message, enquiryMessages.messageTooLong);
  return undefined;
}

/** The server's rules (src/server/domain/bookingRequests.ts) checked before sending, with the same words. */
export function validateEnquiry(draft: CateringDraft, today: string): FieldErrors<CateringField> {
  return withoutEmpty<CateringField>({
    eventDate: eventDateError(draft.eventDate, today),
    guests: guestsError(draft.guests),
    budget: draft.budget.trim().length > MAX_BUDGET_LENGTH ? fieldMessage(CATERING_SUBJECTS.budget, enquiryMessages.budgetTooLong) : undefined,
    ...contactErrors(draft, CATERING_SUBJECTS, { nameEmpty: enquiryMessages.nameEmpty, nameTooLong: enquiryMessages.nameTooLong, maxNameLength: MAX_NAME_LENGTH }),
    message: messageError(draft.message),
  });
}

/** The enquiry as sent: trimmed text and a number of guests (call only once the draft is valid). */
export function enquiryOf(draft: CateringDraft): CateringEnquiry {
  return {
    eventDate: draft.eventDate,
    guests: Number(draft.guests),
    budget: draft.budget.trim(),
    name: draft.name.trim(),
    phone: draft.phone.trim(),
    email: draft.email.trim(),
    message: draft.message.trim(),
  };
}
