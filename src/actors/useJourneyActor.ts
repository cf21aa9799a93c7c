import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { use } from 'react';

/**
 * The app's journey router (machines/orderJourney): the journey's own pages send it the customer's intents. Their guard
 * made it before they are drawn (src/shell/orderingGate.ts), so a page waits for it only if opened some other way.
 */
export function useJourneyActor() {
  const journey = useRouteContext({ from: rootRouteId, select: (context) => context.journey });
  return journey.made() ?? use(journey.get());
}
