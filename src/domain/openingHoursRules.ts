import { isCalendarDate } from './londonClock';
import type { OpeningPeriod, SpecialDay } from './openingHours';
import type { FieldFailure } from './takeawaySettingsRules';

// The owner's opening hours (docs/back-office.md, "Opening hours"): each field's rule and message, written once for the
// /manage/hours form and the server, which checks every field of every save.

/** As the contract's ManageHours. */
export interface OpeningHoursEdit {
  weekly: OpeningPeriod[];
  specialDays: SpecialDay[];
  collectionLeadMinutes: number;
  deliveryLeadMinutes: number;
  slotMinutes: number;
  /** null: no limit. */
  ordersPerSlot: number | null;
}

/** Slot lengths that divide an hour, so that slots stay on the clock's quarter, ten or five minutes. */
export const SLOT_MINUTES_CHOICES = [5, 10, 15, 20, 30, 60] as const;
export const LEAD_MINUTES_RULE = { minimum: 0, maximum: 240 } as const;
export const ORDERS_PER_SLOT_RULE = { minimum: 1, maximum: 100 } as const;
export const SESSIONS_PER_DAY_MAX = 4;
export const SPECIAL_DAY_MESSAGE_MAX = 120;

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** A session's minutes from the day's midnight; one closing at or before it opens closes after midnight. */
function spanOf(session: { opens: string; closes: string }): [number, number] {
  const opens = minutesOf(session.opens);
  const closes = minutesOf(session.closes);
  return [opens, closes <= opens ? closes + 24 * 60 : closes];
}

/** One day's sessions: each a time, none the same at both ends, none overlapping another, at most four. */
function sessionFailures(sessions: readonly { opens: string; closes: string }[], fieldOf: (index: number) => string): FieldFailure[] {
  const failures: FieldFailure[] = [];
  const valid: { index: number; span: [number, number] }[] = [];
  sessions.forEach((session, index) => {
    let wellFormed = true;
    for (const end of ['opens', 'closes'] as const) {
      if (!TIME_OF_DAY.test(session[end])) {
        failures.push({ field: `${fieldOf(index)}.${end}`, message: 'Enter a time such as 17:30' });
        wellFormed = false;
      }
    }
    if (!wellFormed) return;
    if (session.opens === session.closes) {
      failures.push({ field: `${fieldOf(index)}.closes`, message: 'A session must close at a different time from when it opens' });
      return;
    }
    valid.push({ index, span: spanOf(session) });
  });
  valid.sort((first, second) => first.span[0] - second.span[0]);
  for (let position = 1; position < valid.length; position += 1) {
    if (valid[position].span[0] < valid[position - 1].span[1]) {
      failures.push({ field: `${fieldOf(valid[position].index)}.opens`, message: 'Sessions on the same day must not overlap' });
    }
  }
  if (sessions.length > SESSIONS_PER_DAY_MAX) {
    // At a field the form shows: the first session too many's opening time.
    failures.push({ field: `${fieldOf(SESSIONS_PER_DAY_MAX)}.opens`, message: `A day has at most ${SESSIONS_PER_DAY_MAX} sessions` });
  }
  return failures;
}

function wholeNumberFailure(value: number, minimum: number, maximum: number, label: string): string | undefined {
  return Number.isInteger(value) && value >= minimum && value <= maximum ? undefined : `${label} must be a whole number from ${minimum} to ${maximum}`;
}

/** Every field's failure, named as in the body ("weekly[2].closes", "specialDays[0].message"); none when the hours may be saved. */
export function openingHoursFailures(hours: OpeningHoursEdit): FieldFailure[] {
  const failures: FieldFailure[] = [];
  for (let day = 0; day < 7; day += 1) {
    const indexes = hours.weekly.flatMap((period, index) => (period.day === day ? [index] : []));
    failures.push(...sessionFailures(indexes.map((index) => hours.weekly[index]), (position) => `weekly[${indexes[position]}]`));
  }
  const dates = new Set<string>();
  hours.specialDays.forEach((specialDay, index) => {
    const field = `specialDays[${index}]`;
    if (!isCalendarDate(specialDay.date)) failures.push({ field: `${field}.date`, message: 'Enter a date such as 2026-12-25' });
    else if (dates.has(specialDay.date)) failures.push({ field: `${field}.date`, message: 'This date is already a special day' });
    dates.add(specialDay.date);
    const message = specialDay.message.trim();
    if (message.length === 0) failures.push({ field: `${field}.message`, message: 'Write what customers should read, such as "Closed for Christmas Day"' });
    else if (message.length > SPECIAL_DAY_MESSAGE_MAX) failures.push({ field: `${field}.message`, message: `Keep the message to ${SPECIAL_DAY_MESSAGE_MAX} characters` });
    failures.push(...sessionFailures(specialDay.sessions, (position) => `${field}.sessions[${position}]`));
  });
  const lead = (field: 'collectionLeadMinutes' | 'deliveryLeadMinutes', label: string) => {
    const message = wholeNumberFailure(hours[field], LEAD_MINUTES_RULE.minimum, LEAD_MINUTES_RULE.maximum, label);
    if (message !== undefined) failures.push({ field, message: `${message} minutes` });
  };
  lead('collectionLeadMinutes', 'The collection lead time');
  lead('deliveryLeadMinutes', 'The delivery lead time');
  if (!(SLOT_MINUTES_CHOICES as readonly number[]).includes(hours.slotMinutes)) {
    failures.push({ field: 'slotMinutes', message: `The time slot must be ${SLOT_MINUTES_CHOICES.join(', ')} minutes` });
  }
  if (hours.ordersPerSlot !== null) {
    const message = wholeNumberFailure(hours.ordersPerSlot, ORDERS_PER_SLOT_RULE.minimum, ORDERS_PER_SLOT_RULE.maximum, 'The most orders per slot');
    if (message !== undefined) failures.push({ field: 'ordersPerSlot', message: `${message}, or no limit` });
  }
  return failures;
}
