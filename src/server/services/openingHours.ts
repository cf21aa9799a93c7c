import { londonWallClock } from '../../domain/londonClock';
import { hoursOn, type SpecialDay } from '../../domain/openingHours';
import { openingHoursFailures, type OpeningHoursEdit } from '../../domain/openingHoursRules';
import { WEEKDAY_NAMES } from '../../domain/londonClock';
import type { AuditRecord, EditOutcome, Editor } from '../db/editRepository';
import { readHours, writeHours } from '../db/restaurantEdits';
import { ApiError } from '../errors';
import { saveEdit } from './ownerChanges';
import type { ServiceContext } from './serviceContext';

// The owner's opening hours (docs/back-office.md, "Opening hours"): the weekly sessions, special days, lead times, the
// slot length and the most orders per slot, read and saved as a whole against their revision. Customers' slots, ASAP
// and the pages' "open now" read them from the restaurant's core data, which the save forgets.

const sessionsText = (sessions: readonly string[]) => (sessions.length === 0 ? 'closed' : sessions.join(', '));
const specialDayText = (day: SpecialDay) =>
  `${day.sessions.length === 0 ? 'closed' : day.sessions.map((session) => `${session.opens}–${session.closes}`).join(', ')} ("${day.message}")`;
const perSlotText = (limit: number | null) => (limit === null ? 'no limit' : String(limit));

/** One audit line per day, special day and figure changed: "Tuesday 17:00–22:30 → 12:00–14:00, 17:00–22:30". */
function hoursChanges(before: OpeningHoursEdit, after: OpeningHoursEdit): AuditRecord[] {
  const lines: AuditRecord[] = [];
  const line = (summary: string, was: unknown, is: unknown) => lines.push({ area: 'hours', summary, before: was, after: is });
  for (const day of [1, 2, 3, 4, 5, 6, 0]) {
    const [was, is] = [hoursOn(before.weekly, day), hoursOn(after.weekly, day)];
    if (was.join() !== is.join()) line(`${WEEKDAY_NAMES[day]} ${sessionsText(was)} → ${sessionsText(is)}`, { day, hours: was }, { day, hours: is });
  }
  const dates = [...new Set([...before.specialDays, ...after.specialDays].map((day) => day.date))].sort();
  for (const date of dates) {
    const was = before.specialDays.find((day) => day.date === date);
    const is = after.specialDays.find((day) => day.date === date);
    if (was === undefined && is !== undefined) line(`Special day ${date} added: ${specialDayText(is)}`, null, is);
    else if (was !== undefined && is === undefined) line(`Special day ${date} removed`, was, null);
    else if (was !== undefined && is !== undefined && specialDayText(was) !== specialDayText(is)) {
      line(`Special day ${date} ${specialDayText(was)} → ${specialDayText(is)}`, was, is);
    }
  }
  const figure = (field: 'collectionLeadMinutes' | 'deliveryLeadMinutes' | 'slotMinutes', name: string) => {
    if (before[field] !== after[field]) line(`${name} ${before[field]} → ${after[field]} minutes`, { [field]: before[field] }, { [field]: after[field] });
  };
  figure('collectionLeadMinutes', 'Collection lead time');
  figure('deliveryLeadMinutes', 'Delivery lead time');
  figure('slotMinutes', 'Time slot');
  if (before.ordersPerSlot !== after.ordersPerSlot) {
    line(`Most orders per slot ${perSlotText(before.ordersPerSlot)} → ${perSlotText(after.ordersPerSlot)}`, { ordersPerSlot: before.ordersPerSlot }, { ordersPerSlot: after.ordersPerSlot });
  }
  return lines;
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The hours as saved: messages trimmed, and special days already past dropped (yesterday's may still run past midnight). */
function tidied(hours: OpeningHoursEdit, today: string): OpeningHoursEdit {
  const yesterday = dayBefore(today);
  return {
    ...hours,
    specialDays: hours.specialDays
      .filter((day) => day.date >= yesterday)
      .map((day) => ({ ...day, message: day.message.trim() }))
      .sort((first, second) => first.date.localeCompare(second.date)),
  };
}

/**
 * Changes the opening hours to `submitted` if they are still at `openedAt`: refused (400, every failing field) when they
 * cannot be kept, a 'conflict' when someone else saved since; answers the hours as saved.
 */
export async function changeHours(
  context: ServiceContext,
  who: { editor: Editor; now: Date },
  openedAt: number,
  submitted: OpeningHoursEdit,
): Promise<EditOutcome<OpeningHoursEdit>> {
  const failures = openingHoursFailures(submitted);
  if (failures.length > 0) throw new ApiError(400, null, failures);
  const today = londonWallClock(who.now).date;
  const hours = tidied(submitted, today);
  return saveEdit(context, 'hours', openedAt, who, async (transaction) => {
    const before = await readHours(transaction);
    // A special day kept from before drops out quietly once it has passed; one typed with a date already gone would
    // vanish on saving with no word (this year's Christmas typed as last year's), so it is refused at its date.
    const keptDates = new Set(before.hours.specialDays.map((day) => day.date));
    const passed = submitted.specialDays.flatMap((day, index) =>
      day.date < dayBefore(today) && !keptDates.has(day.date) ? [{ field: `specialDays[${index}].date`, message: 'This date has passed: choose today or a later day' }] : [],
    );
    if (passed.length > 0) throw new ApiError(400, null, passed);
    await writeHours(transaction, before.restaurantId, hours);
    return { result: hours, audit: hoursChanges(before.hours, hours) };
  });
}

/** The opening hours and the revision they are at. */
export async function openingHours({ repositories }: ServiceContext): Promise<{ hours: OpeningHoursEdit; revision: number }> {
  const [revision, { hours }] = await Promise.all([repositories.edits.revisionOf('hours'), repositories.restaurantEdits.readHours()]);
  return { hours, revision };
}
