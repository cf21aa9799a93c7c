import { dayAndMonthLabel, londonWallClock, timeOfMinutes } from './londonClock';

// The restaurant is in the UK: its slots are read on London's clock whatever the device's own zone.

const MILLISECONDS_PER_DAY = 86_400_000;

function daysBetween(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / MILLISECONDS_PER_DAY);
}

/** "Today", "Tomorrow" or "Friday 27 November", as a customer reads the day of a slot. */
export function slotDayLabel(slot: Date, now: Date): string {
  const slotDate = londonWallClock(slot).date;
  const days = daysBetween(londonWallClock(now).date, slotDate);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return dayAndMonthLabel(slotDate);
}

/** "18:15" on London's clock. */
export function slotTimeLabel(slot: Date): string {
  return timeOfMinutes(londonWallClock(slot).minutes);
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

/**
 * The server's slots by day, in order, each day named by the server's clock when it listed them (`serverTime`). The
 * server has already left out the slots passed; the device's clock is not asked again, as a phone set hours fast would
 * hide slots still on offer and call tonight "Tomorrow". A slot that passes while the step is open is refused when the
 * order is saved or confirmed ("The time you chose is no longer available: please choose another time").
 */
export function groupSlotsByDay({ slots, serverTime }: { slots: readonly string[]; serverTime: string }): SlotGroup[] {
  const serverNow = new Date(serverTime);
  const groups: SlotGroup[] = [];
  for (const iso of [...slots].sort((a, b) => Date.parse(a) - Date.parse(b))) {
    const slot = new Date(iso);
    const day = slotDayLabel(slot, serverNow);
    const group = groups.at(-1);
    const entry = { value: iso, time: slotTimeLabel(slot) };
    if (group?.day === day) group.slots.push(entry);
    else groups.push({ day, slots: [entry] });
  }
  return groups;
}
