import { notFound, redirect } from '@tanstack/react-router';
import { JOURNEY_STEPS, journeyStepAt } from '../../machines/basket/journeySteps';
import { journeyRedirect, PAYMENT_PROCESSING_PATH } from '../../machines/orderJourney/journeyFacts';
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
 */
export function guardJourneyPage(
  context: { restaurant: RestaurantData | undefined; journey: OrderJourneyActor; payment: LazyActor<PaymentActor> },
  path: string,
  search: { orderId?: string } = {},
): void | Promise<void> {
  // SPEC §2: the menu is public; with ordering off or paused it says how to order instead.
  if (journeyStepAt(path) === JOURNEY_STEPS[0]) return;
  requireOnlineOrdering(context.restaurant);
  const goWhereTheJourneySays = () => {
    const to = journeyRedirect(context.journey.getSnapshot().context, path, search);
    if (to !== undefined) throw redirect({ href: to, replace: true });
  };
  if (normalisePath(path) !== normalisePath(PAYMENT_PROCESSING_PATH)) return goWhereTheJourneySays();
  // Opening the payment's processing page resumes a payment not under way, before it is drawn: once the payment
  // statechart, made when a payment page first needs it, is there.
  return context.payment.get().then(() => {
    context.journey.send({ type: 'RESUME_PAYMENT' });
    goWhereTheJourneySays();
  });
}
