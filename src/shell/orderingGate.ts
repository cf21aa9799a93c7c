import { notFound, redirect } from '@tanstack/react-router';
import { JOURNEY_STEPS, journeyStepAt } from '../../machines/basket/journeySteps';
import { PAYMENT_PROCESSING_PATH } from '../../machines/payment/paymentPaths';
import type { LazyActor } from '../actors/lazyActor';
import type { OrderJourneyActor } from '../actors/orderJourney';
import type { PaymentActor } from '../actors/payment';
import { normalisePath } from '../domain/paths';
import { isOnlineOrderingAvailable } from '../domain/onlineOrdering';
import type { RestaurantData } from './routerContext';

/** For an ordering route's `beforeLoad`: with ordering switched off the route does not exist, so the splash shows. */
export function requireOnlineOrdering(restaurant: RestaurantData | undefined): void {
  if (!isOnlineOrderingAvailable(restaurant)) throw notFound();
}

/**
 * The `beforeLoad` of the journey's pages (the `_order` layout): the page exists only while ordering is open, and the
 * journey router's facts say whether the customer may open it, or where the order stands instead
 * (machines/orderJourney/journeyFacts.ts). Decided before the page is drawn, on a first load or a reload as on a link.
 * The journey router is made here, by the first journey page after the menu that opens (the menu does not need it).
 */
export function guardJourneyPage(
  context: { restaurant: RestaurantData | undefined; journey: LazyActor<OrderJourneyActor>; payment: LazyActor<PaymentActor> },
  path: string,
  search: { orderId?: string } = {},
): void | Promise<void> {
  // SPEC §2: the menu is public; with ordering off or paused it says how to order instead.
  if (journeyStepAt(path) === JOURNEY_STEPS[0]) return;
  requireOnlineOrdering(context.restaurant);
  const processing = normalisePath(path) === normalisePath(PAYMENT_PROCESSING_PATH);
  // Opening the payment's processing page resumes a payment not under way, before it is drawn: once the payment
  // statechart, made when a payment page first needs it, is there.
  // The journey's rules come with its router's chunk, which this guard is the first to need.
  const rules = import('../../machines/orderJourney/journeyFacts');
  return Promise.all([context.journey.get(), rules, processing ? context.payment.get() : undefined]).then(([journey, { journeyRedirect }]) => {
    if (processing) journey.send({ type: 'RESUME_PAYMENT' });
    const to = journeyRedirect(journey.getSnapshot().context, path, search);
    if (to !== undefined) throw redirect({ href: to, replace: true });
  });
}

/**
 * Whether a page the server drew needs the journey router before it hydrates: a step after the menu, whose guard ran
 * on the server and does not run again in the browser (src/main.tsx).
 */
export function isStepAfterMenu(path: string): boolean {
  const step = journeyStepAt(path);
  return step !== undefined && step !== JOURNEY_STEPS[0];
}

/** The `beforeLoad` of the journey's steps outside the `_order` layout (/contact, /fix-issue): they need its router. */
export async function makeJourney(context: { journey: LazyActor<OrderJourneyActor> }): Promise<void> {
  await context.journey.get();
}
