import { notFound, redirect } from '@tanstack/react-router';
import { redirectForStep } from '../../machines/basket/basketMachine';
import type { BasketActor } from '../actors/basket';
import { isOnlineOrderingAvailable } from '../domain/onlineOrdering';
import type { RestaurantData } from './routerContext';

/** For an ordering route's `beforeLoad`: with ordering switched off the route does not exist, so the splash shows. */
export function requireOnlineOrdering(restaurant: RestaurantData | undefined): void {
  if (!isOnlineOrderingAvailable(restaurant)) throw notFound();
}

/**
 * An ordering step's `beforeLoad`: the route exists only while ordering is open, and the basket statechart says
 * whether its prerequisites are done (otherwise it names the first incomplete step to go to instead).
 * `/basket` passes `emptyBasketStays`: an empty basket is shown there, saying so, rather than sent to the menu.
 */
export function guardOrderingStep(
  context: { restaurant: RestaurantData | undefined; basket: BasketActor },
  path: string,
  { emptyBasketStays = false }: { emptyBasketStays?: boolean } = {},
): void {
  requireOnlineOrdering(context.restaurant);
  const to = redirectForStep(context.basket.getSnapshot(), path);
  if (to === undefined || (emptyBasketStays && to === '/order')) return;
  // By href: the table's paths include steps whose routes come with their screens (/payment).
  throw redirect({ href: to, replace: true });
}
