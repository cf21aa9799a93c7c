import { notFound, redirect } from '@tanstack/react-router';
import { redirectForStep } from '../../machines/basket/basketMachine';
import { CONFIRMATION_PATH, RELOADABLE_STEP_PATHS } from '../../machines/basket/journeySteps';
import { ORDER_CANCELLED_PATH } from '../../machines/acceptance/acceptanceMachine';
import { PAYMENT_PROCESSING_PATH } from '../../machines/payment/paymentPaths';
import type { BasketActor } from '../actors/basket';
import { isOnlineOrderingAvailable } from '../domain/onlineOrdering';
import type { RestaurantData } from './routerContext';
import { normalisePath } from '../domain/paths';

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

/**
 * The ordering pages whose state (the basket statechart's snapshot) is saved in the browser, so a reload there
 * is kept by the settings gate instead of landing on `/`: the journey's steps that survive a reload (the step
 * table), then the confirmed order's pages, the refusal's among them (the refused order stays stored for "Order
 * again"). The step's own guard then sends the customer to the first incomplete step if the saved basket does not reach it.
 */
export const RESTORABLE_ORDERING_STEPS: readonly string[] = [...RELOADABLE_STEP_PATHS, PAYMENT_PROCESSING_PATH, CONFIRMATION_PATH, '/confirmation', ORDER_CANCELLED_PATH];

const RESTORABLE_STEP_SET = new Set(RESTORABLE_ORDERING_STEPS.map(normalisePath));

export function isRestorableOrderingStep(pathname: string): boolean {
  return RESTORABLE_STEP_SET.has(normalisePath(pathname));
}
