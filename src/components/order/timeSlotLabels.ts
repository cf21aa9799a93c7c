import { onFirstUse } from '../../domain/onFirstUse';

// The restaurant is in the UK: its slots are read on London's clock whatever the device's own zone.
const RESTAURANT_TIME_ZONE = 'Europe/London';

const dayKeyFormat = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: RESTAURANT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: RESTAURANT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: RESTAURANT_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }));

const MILLISECONDS_PER_DAY = 86_400_000;

/** "2026-11-22": the London calendar day of an instant. */
function londonDayKey(instant: Date): string {
  return dayKeyFormat().format(instant);
}

function daysBetween(fromDayKey: string, toDayKey: string): number {
  return Math.round((Date.parse(`${toDayKey}T00:00:00Z`) - Date.parse(`${fromDayKey}T00:00:00Z`)) / MILLISECONDS_PER_DAY);
}

/** "Today", "Tomorrow" or "Friday 27 November", as a customer reads the day of a slot. */
export function slotDayLabel(slot: Date, now: Date): string {
  const days = daysBetween(londonDayKey(now), londonDayKey(slot));
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return dateFormat().format(slot);
}

/** "18:15" on London's clock. */
export function slotTimeLabel(slot: Date): string {
  return timeFormat().format(slot);
}

/** "Today 18:15". */
export function slotLabel(isoSlot: string, now: Date): string {
  const slot = new Date(isoSlot);
  return `${slotDayLabel(slot, now)} ${slotTimeLabel(slot)}`;
}

export interface SlotGroup {
  day: string;
  slots: { value: string; time: string }[];
}

/** The server's slots by day, in order, leaving out any that the clock has passed since they were offered. */
export function groupSlotsByDay(isoSlots: readonly string[], now: Date): SlotGroup[] {
  const groups: SlotGroup[] = [];
  const future = isoSlots.filter((iso) => Date.parse(iso) > now.getTime()).sort((a, b) => Date.parse(a) - Date.parse(b));
  for (const iso of future) {
    const slot = new Date(iso);
    const day = slotDayLabel(slot, now);
    const group = groups.at(-1);
    const entry = { value: iso, time: slotTimeLabel(slot) };
    if (group?.day === day) group.slots.push(entry);
    else groups.push({ day, slots: [entry] });
  }
  return groups;
}
