import { getShortestPaths } from '@xstate/graph';
import { fromCallback } from 'xstate';
import { journeyStep } from '../../../machines/basket/journeySteps';
import { NO_BASKET, type BasketFacts } from '../../../machines/orderJourney/journeyFacts';
import { orderJourneyMachine, type OrderJourneyEvent, type OrderJourneySnapshot } from '../../../machines/orderJourney/orderJourneyMachine';
import { BasketStatus, OrderType, PaymentType } from '../../../src/domain/orderEnums';
import type { PathSet } from '../../paths/catalogue';

/** The kinds of order whose journeys differ: collected and paid in cash, delivered and paid in cash, collected and paid online. */
export const ORDER_KINDS = {
  'collection, cash': { orderType: OrderType.Collection, paymentType: PaymentType.CashOrder },
  'delivery, cash': { orderType: OrderType.Delivery, paymentType: PaymentType.CashOrder },
  'collection, online': { orderType: OrderType.Collection, paymentType: PaymentType.InternetOrder },
} as const;
export type OrderKind = keyof typeof ORDER_KINDS;

const STEPS = ['basket', 'delivery', 'contact', 'orderTime', 'checkout'] as const;

const router = orderJourneyMachine.provide({
  actors: { basketStep: fromCallback(() => undefined), paymentStep: fromCallback(() => undefined), acceptanceStep: fromCallback(() => undefined) },
});

/** The steps a customer does on the screens, each reported to the router as the basket stands once it is done. */
function customerEvents(kind: OrderKind): OrderJourneyEvent[] {
  const basket = (status: number): BasketFacts => ({ ...NO_BASKET, hasLines: true, status, ...ORDER_KINDS[kind] });
  return [
    { type: 'ARRIVED', path: '/basket' },
    { type: 'BASKET_REPORTED', basket: basket(BasketStatus.Items) },
    ...STEPS.map((step) => ({ type: 'NEXT' as const, step, basket: basket(journeyStep(step).status) })),
  ];
}

/** The page each state of the router stands for, with its heading. */
export const PAGE_OF_STATE: Readonly<Record<string, { path: string; heading: string }>> = {
  'ordering.basket': { path: '/basket', heading: 'Your basket' },
  'ordering.delivery': { path: '/delivery', heading: 'Enter your delivery details' },
  'ordering.contact': { path: '/contact', heading: 'Enter your contact details' },
  'ordering.orderTime': { path: '/orderTime', heading: 'Select your order time' },
  'ordering.checkout': { path: '/checkout', heading: 'Order checkout' },
  'paying.payment': { path: '/payment', heading: 'Payment details' },
  'placed.waiting': { path: '/restaurant-confirmation', heading: 'Waiting for the restaurant to accept your order' },
};

export const stateNameOf = (snapshot: OrderJourneySnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([outer, inner]) => `${outer}.${String(inner)}`)[0]!;

/** One path to each page of the journey an order of this kind reaches, the shortest. */
function pathsOf(kind: OrderKind) {
  return getShortestPaths(router, { input: {}, events: customerEvents(kind), serializeState: (snapshot) => stateNameOf(snapshot) })
    .filter((path) => PAGE_OF_STATE[stateNameOf(path.state)] !== undefined && path.steps.some(({ event }) => event.type === 'NEXT'))
    .map((path) => ({
      name: `${kind}: ${path.steps
        .slice(1)
        .filter(({ event }) => event.type === 'NEXT')
        .map(({ event }) => `NEXT(${(event as { step: string }).step})`)
        .join(' → ')}`,
      path,
    }));
}

export const orderJourneyBrowserPaths: PathSet<OrderJourneySnapshot, OrderJourneyEvent> = {
  machine: 'machines/orderJourney/orderJourneyMachine.ts',
  where: 'browser',
  testFile: 'tests/e2e/orderJourneyPaths.spec.ts',
  suite: 'order journey router: shortest paths to every page of the journey, through the real UI',
  paths: (Object.keys(ORDER_KINDS) as OrderKind[]).flatMap(pathsOf),
};

export function kindOf(name: string): OrderKind {
  return name.slice(0, name.indexOf(':')) as OrderKind;
}
