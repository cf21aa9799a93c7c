import type { components } from '../../api/schema.gen';
import { addressLines } from '../../components/restaurant/addressLines';
import { WEEK_FROM_MONDAY, WEEKDAY_NAMES } from '../../domain/londonClock';
import { calendarDayLabel } from '../../domain/londonClock';
import { hoursOn, specialDaysFrom, type OpeningPeriod, type OpeningState, type SpecialDay } from '../../domain/openingHours';

type Address = components['schemas']['Address'];


/** A maps search for the address, which works on phones (it opens the maps app) and desktops alike. */
export function directionsUrl(address: Address): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLines(address).join(', '))}`;
}

export interface OpeningDay {
  name: string;
  /** "17:00–22:30", one per period, earliest first; empty when closed all day. */
  hours: string[];
  isToday: boolean;
}

export function openingWeek(periods: readonly OpeningPeriod[], today: number): OpeningDay[] {
  return WEEK_FROM_MONDAY.map((day) => ({ name: WEEKDAY_NAMES[day], hours: hoursOn(periods, day), isToday: day === today }));
}

/** The special days from today on, each as a customer reads it: "Friday 25 December 2026: Closed for Christmas Day". */
export function specialDaysAhead(specialDays: readonly SpecialDay[], today: string): { date: string; text: string }[] {
  return specialDaysFrom(specialDays, today).map((day) => {
    const hours = day.sessions.length === 0 ? '' : ` (${day.sessions.map((session) => `${session.opens}–${session.closes}`).join(', ')})`;
    return { date: day.date, text: `${calendarDayLabel(day.date)}: ${day.message}${hours}` };
  });
}

export interface TakeawaySwitches {
  onlineOrderingAvailable: boolean;
  allowCollection: boolean;
}

/**
 * What a customer can order today (`today` is London's date). Online ordering switched off means neither is possible
 * here, whatever the other settings say; delivery needs nothing more than online ordering (SPEC §2 and §5); and once
 * the restaurant has closed with no opening left today nothing more is cooked today, so nothing is promised for today either.
 */
export function takeawayToday(switches: TakeawaySwitches, state: OpeningState, today: string): string[] {
  if (!switches.onlineOrderingAvailable) return ['Online ordering is unavailable at the moment, so collection and delivery cannot be ordered here today.'];
  if (!state.open && state.next?.date !== today) return ['We are closed for the rest of today, so there is no collection or delivery today.'];
  return [switches.allowCollection ? 'Collection is available today.' : 'Collection is not available today.', 'Delivery is available today.'];
}
