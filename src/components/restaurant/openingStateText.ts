import type { OpeningState } from '../../domain/openingHours';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Open now · until 23:00", "Closed · opens today at 17:00", "Closed · opens Tuesday at 17:00"; `today` is London's date. */
export function openingStateText(state: OpeningState, today: string): string {
  if (state.open) return `Open now · until ${state.closes}`;
  if (!state.next) return 'Closed';
  const day = state.next.date === today ? 'today' : DAY_NAMES[state.next.day];
  return `Closed · opens ${day} at ${state.next.opens}`;
}
