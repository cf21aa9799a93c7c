import { notFound, redirect } from '@tanstack/react-router';
import { CONFIRMATION_PATH, JOURNEY_STEPS, journeyStepAt, RELOADABLE_STEP_PATHS } from '../../machines/basket/journeySteps';
import {
  journeyRedirect,
  ORDER_CANCELLED_PATH,
  ORDER_CONFIRMATION_PATH,
  PAYMENT_PROCESSING_PATH,
} from '../../machines/orderJourney/journeyFacts';
import type { OrderJourneyActor } from '../actors/orderJourney';
import { isOnlineOrderingAvailable } from '../domain/onlineOrdering';
import type { RestaurantData } from './routerContext';
import { normalisePath } from '../domain/paths';

/** For an ordering route's `beforeLoad`: with ordering switched off the route does not exist, so the splash shows. */
export function requireOnlineOrdering(restaurant: RestaurantData | undefined): void {
  if (!isOnlineOrderingAvailable(restaurant)) throw notFound();
}

/**
 * The `beforeLoad` of the journey's pages (the `_order` layout): the page exists only while ordering is open, and the
 * journey router's facts say whether the customer may open it, or where the order stands instead
 * (machines/orderJourney/journeyFacts.ts). Decided before the page is drawn, on a first load or a reload as on a link.
 */
export function guardJourneyPage(
  context: { restaurant: RestaurantData | undefined; journey: OrderJourneyActor },
  path: string,
  search: { orderId?: string } = {},
): void {
  // SPEC §2: the menu is public; with ordering off or paused it says how to order instead.
  if (journeyStepAt(path) === JOURNEY_STEPS[0]) return;
  requireOnlineOrdering(context.restaurant);
  // Opening the payment's processing page resumes a payment not under way, before it is drawn.
  if (normalisePath(path) === normalisePath(PAYMENT_PROCESSING_PATH)) context.journey.send({ type: 'RESUME_PAYMENT' });
  const to = journeyRedirect(context.journey.getSnapshot().context, path, search);
  if (to !== undefined) throw redirect({ href: to, replace: true });
}

/**
 * The ordering pages whose state (the basket statechart's snapshot) is saved in the browser, so a reload there
 * is kept by the settings gate instead of landing on `/`: the journey's steps that survive a reload (the step
 * table), then the confirmed order's pages, the refusal's among them (the refused order stays stored for "Order
 * again"). The step's own guard then sends the customer to the first incomplete step if the saved basket does not reach it.
 */
export const RESTORABLE_ORDERING_STEPS: readonly string[] = [
  ...RELOADABLE_STEP_PATHS,
  PAYMENT_PROCESSING_PATH,
  CONFIRMATION_PATH,
  ORDER_CONFIRMATION_PATH,
  ORDER_CANCELLED_PATH,
];

const RESTORABLE_STEP_SET = new Set(RESTORABLE_ORDERING_STEPS.map(normalisePath));

export function isRestorableOrderingStep(pathname: string): boolean {
  return RESTORABLE_STEP_SET.has(normalisePath(pathname));
}
