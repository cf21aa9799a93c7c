import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CONFIRMATION_PATH, journeyStep, stepAfter } from '../../machines/basket/journeySteps';
import { journeyRedirect } from '../../machines/orderJourney/journeyFacts';
import { stateAtPath, type NavigateParams, type OrderJourneyEvent, type OrderJourneySnapshot } from '../../machines/orderJourney/orderJourneyMachine';
import { BasketStatus, OrderType, PaymentType } from '../../src/domain/orderEnums';
import { orderJourneyShortestPaths, routerUnderTest, SETTINGS } from './orderJourney.paths';

const stateName = (snapshot: OrderJourneySnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([outer, inner]) => `${outer}.${String(inner)}`)[0]!;

/** Runs the events through the router, with the app's navigation and the basket step's commands recorded. */
function run(
  events: readonly OrderJourneyEvent[],
  check: (snapshot: OrderJourneySnapshot, event: OrderJourneyEvent, before: OrderJourneySnapshot, went: NavigateParams[]) => void,
) {
  const went: NavigateParams[] = [];
  const router = createActor(routerUnderTest.provide({ actions: { navigate: (_, params: NavigateParams) => void went.push(params) } }), {
    input: { settings: SETTINGS },
  }).start();
  for (const event of events) {
    const before = router.getSnapshot();
    went.length = 0;
    router.send(event);
    check(router.getSnapshot(), event, before, [...went]);
  }
  router.stop();
}

/**
 * Facts an order can have together: a payment under way or in trouble only for an order paid online at checkout and
 * not placed; an answer from the restaurant only for a placed order (confirmed, or its basket cleared since).
 */
function coherent({ context: { basket, payment, acceptance } }: OrderJourneySnapshot): boolean {
  const placed = basket.status >= BasketStatus.Confirmed || !basket.hasLines;
  if ((payment.at === 'processing' || payment.at === 'issue') && (placed || basket.paymentType !== PaymentType.InternetOrder || acceptance.at !== 'none'))
    return false;
  if (acceptance.at !== 'none' && !placed) return false;
  if (payment.at === 'paid' && basket.status < BasketStatus.Confirmed) return false;
  if ((payment.at === 'paying' || payment.at === 'cash') && basket.status !== BasketStatus.Checkout) return false;
  return !basket.needsFix || !placed;
}

describe(orderJourneyShortestPaths.suite, () => {
  it('reaches every state of the router', () => {
    const reached = new Set(orderJourneyShortestPaths.paths.map(({ path }) => stateName(path.state)));
    for (const state of [
      'away',
      'ordering.menu',
      'ordering.basket',
      'ordering.delivery',
      'ordering.contact',
      'ordering.orderTime',
      'ordering.checkout',
      'ordering.fixIssue',
      'paying.payment',
      'paying.processing',
      'paying.issue',
      'placed.waiting',
      'placed.accepted',
      'placed.ended',
      'placed.cancelError',
    ]) {
      expect(reached, state).toContain(state);
    }
  });

  for (const { name, path } of orderJourneyShortestPaths.paths) {
    it(name, () => {
      run(
        path.steps.slice(1).map(({ event }) => event),
        (snapshot, event, before, went) => {
          // One navigation at most per report, and the router's state is the page it sent the customer to.
          expect(went.length).toBeLessThanOrEqual(1);
          const [to] = went;
          if (to !== undefined) {
            expect(stateAtPath(to.to.replace(/\?.*$/, ''))).toBe(stateName(snapshot));
            // The route guards let the customer in where the router sends them (for facts an order can have together).
            if (coherent(snapshot)) {
              const orderId = /orderId=([^&]+)/.exec(to.to)?.[1];
              expect(journeyRedirect(snapshot.context, to.to.replace(/\?.*$/, ''), orderId === undefined ? {} : { orderId })).toBeUndefined();
            }
          }
          // A step done goes where the step table says for this order (machines/basket/journeySteps.ts).
          if (event.type === 'NEXT' && to !== undefined) {
            expect(to.to).toBe(
              stepAfter(journeyStep(event.step), { orderType: snapshot.context.basket.orderType, paymentType: snapshot.context.basket.paymentType }),
            );
          }
          // A step's report is taken only on that step's page.
          if (event.type === 'NEXT' && stateName(before) !== stateAtPath(journeyStep(event.step).path)) expect(to).toBeUndefined();
          // The refused cancel's page stays until the customer moves on.
          if (stateName(before) === 'placed.cancelError' && event.type === 'ACCEPTANCE_REPORTED') expect(to).toBeUndefined();
          // Nothing moves a customer who is away from the journey.
          if (stateName(before) === 'away' && event.type !== 'ARRIVED') expect(to).toBeUndefined();
          if (event.type === 'ARRIVED') expect(to).toBeUndefined();
          // A failed update moves a customer on a step to /fix-issue.
          if (event.type === 'BASKET_REPORTED' && event.basket.needsFix && !before.context.basket.needsFix && stateName(before).startsWith('ordering.')) {
            expect(to?.to).toBe('/fix-issue');
          }
          // The remembered order type is chosen on the basket step for a basket without one.
          if (stateName(snapshot) === 'ordering.basket' && snapshot.context.basket.hasLines)
            expect(snapshot.context.basket.orderType).not.toBe(OrderType.NotSet);
          if (to?.to === CONFIRMATION_PATH) expect(stateName(snapshot)).toBe('placed.waiting');
          // The checkout offers the ways to pay as the restaurant's settings say for this order, once per visit.
          if (stateName(snapshot) === 'ordering.checkout') expect(snapshot.context.cashOffered).toBe(true);
          else expect(snapshot.context.cashOffered).toBeUndefined();
        },
      );
    });
  }
});
