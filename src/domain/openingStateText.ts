import { WEEKDAY_NAMES } from './londonClock';
import type { OpeningState } from './openingHours';

/**
 * "Open now · until 23:00", "Closed · opens today at 17:00", "Closed · opens Tuesday at 17:00"; `today` is London's date.
 * A special day's message comes first: "Closed for Christmas Day · opens Saturday at 17:00".
 */
export function openingStateText(state: OpeningState, today: string): string {
  const notice = state.notice === undefined ? '' : `${state.notice} · `;
  if (state.open) return `${notice}Open now · until ${state.closes}`;
  if (!state.next) return `${notice}Closed`;
  const day = state.next.date === today ? 'today' : WEEKDAY_NAMES[state.next.day];
  return `${notice === '' ? 'Closed · ' : notice}opens ${day} at ${state.next.opens}`;
}
