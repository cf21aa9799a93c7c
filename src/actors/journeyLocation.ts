import type { LazyActor } from './lazyActor';
import type { OrderJourneyActor } from './orderJourney';

/**
 * Where the customer is, told to the journey router after its route guards let them in (a link, Back, a reload). The
 * router is made by the first journey page's guard (src/shell/orderingGate.ts); until then there is no journey to tell.
 */
export function followLocation(
  router: { subscribe(event: 'onResolved' | 'onRendered', listener: (event: { toLocation: { pathname: string } }) => void): () => void },
  journey: LazyActor<OrderJourneyActor>,
): void {
  const arrive = (event: { toLocation: { pathname: string } }) => journey.made()?.send({ type: 'ARRIVED', path: event.toLocation.pathname });
  router.subscribe('onResolved', arrive);
  // A hydrated start resolves nothing on the client: its first route change is the hydrated page's first render.
  router.subscribe('onRendered', arrive);
}
