import { minutesOfTime, type LondonWallClock } from '../../domain/londonClock';
import type { components } from '../../api/schema.gen';
import { addressLines } from '../../components/restaurant/addressLines';

type OpeningPeriod = components['schemas']['OpeningPeriod'];
type Address = components['schemas']['Address'];

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
// A British week is read from Monday.
const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;
const MINUTES_PER_DAY = 24 * 60;

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

function periodsOn(periods: readonly OpeningPeriod[], day: number): OpeningPeriod[] {
  return periods.filter((period) => period.day === day).sort((a, b) => minutesOfTime(a.opens) - minutesOfTime(b.opens));
}

export function openingWeek(periods: readonly OpeningPeriod[], today: number): OpeningDay[] {
  return WEEK_FROM_MONDAY.map((day) => ({
    name: DAY_NAMES[day],
    hours: periodsOn(periods, day).map((period) => `${period.opens}–${period.closes}`),
    isToday: day === today,
  }));
}

/** Minutes after its own day's midnight that a period ends: a close not after the opening is after midnight. */
function closingMinutes(period: OpeningPeriod): number {
  const opens = minutesOfTime(period.opens);
  const closes = minutesOfTime(period.closes);
  return closes <= opens ? closes + MINUTES_PER_DAY : closes;
}

export type OpeningStatus =
  | { kind: 'open'; until: string }
  | { kind: 'opensLater'; at: string }
  | { kind: 'closedToday' }
  | { kind: 'closedForTheDay' };

export function openingStatus(periods: readonly OpeningPeriod[], now: LondonWallClock): OpeningStatus {
  // Yesterday's late opening may run past midnight into today ("Friday 17:00–00:30" at 00:15 on Saturday).
  const yesterday = (now.dayOfWeek + 6) % 7;
  const spillingOver = periodsOn(periods, yesterday).find((period) => now.minutes + MINUTES_PER_DAY < closingMinutes(period));
  if (spillingOver) return { kind: 'open', until: spillingOver.closes };
  const today = periodsOn(periods, now.dayOfWeek);
  const openNow = today.find((period) => minutesOfTime(period.opens) <= now.minutes && now.minutes < closingMinutes(period));
  if (openNow) return { kind: 'open', until: openNow.closes };
  const later = today.find((period) => minutesOfTime(period.opens) > now.minutes);
  if (later) return { kind: 'opensLater', at: later.opens };
  return today.length === 0 ? { kind: 'closedToday' } : { kind: 'closedForTheDay' };
}

export function openingStatusText(status: OpeningStatus): string {
  switch (status.kind) {
    case 'open':
      return `Open now, until ${status.until}`;
    case 'opensLater':
      return `Opens at ${status.at}`;
    case 'closedToday':
      return 'Closed today';
    case 'closedForTheDay':
      return 'Closed for the rest of today';
  }
}

export interface TakeawaySwitches {
  onlineOrderingAvailable: boolean;
  allowCollection: boolean;
}

/**
 * What a customer can order today. Online ordering switched off means neither is possible here, whatever the
 * other settings say; delivery needs nothing more than online ordering (SPEC §2 and §5); and once the restaurant
 * has closed for the day nothing more is cooked today, so nothing is promised for today either.
 */
export function takeawayToday(switches: TakeawaySwitches, status: OpeningStatus): string[] {
  if (!switches.onlineOrderingAvailable) return ['Online ordering is unavailable at the moment, so collection and delivery cannot be ordered here today.'];
  if (status.kind === 'closedToday' || status.kind === 'closedForTheDay') return ['We are closed for the rest of today, so there is no collection or delivery today.'];
  return [switches.allowCollection ? 'Collection is available today.' : 'Collection is not available today.', 'Delivery is available today.'];
}
