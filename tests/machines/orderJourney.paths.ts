import { getShortestPaths, type StatePath } from '@xstate/graph';
import { fromCallback } from 'xstate';
import { orderJourneyMachine, type OrderJourneyEvent, type OrderJourneySnapshot } from '../../machines/orderJourney/orderJourneyMachine';
import { NO_BASKET, type BasketFacts, type JourneySettings } from '../../machines/orderJourney/journeyFacts';
import { BasketStatus, OrderType, PaymentType } from '../../src/domain/orderEnums';
import type { PathSet } from '../paths/catalogue';
import { journeyStep } from '../../machines/basket/journeySteps';

/** The restaurant's settings the router is given: both order types taken, cash offered first, collection remembered. */
export const SETTINGS: JourneySettings = {
  minimums: { allowCollection: true, allowOrdering: true, minimumCollectionOrderPence: 0, minimumFreeOrderPence: 1000 },
  cash: { allowCashPayment: true, limits: { maximumCashOrderPence: 5000, maximumOrderPence: 20000, phone: '0113 496 0123' } },
  rememberedOrderType: OrderType.Collection,
};

/** The steps report nothing by themselves here: the paths send their reports as events. */
export const routerUnderTest = orderJourneyMachine.provide({
  actors: {
    basketStep: fromCallback(() => undefined),
    paymentStep: fromCallback(() => undefined),
    acceptanceStep: fromCallback(() => undefined),
  },
});

const basket = (changes: Partial<BasketFacts>): BasketFacts => ({ ...NO_BASKET, hasLines: true, status: BasketStatus.Items, ...changes });

/** The basket step's reports that move the router: an order of each kind at each step, a failed update and its retry. */
export const BASKET_REPORTS: readonly BasketFacts[] = [
  basket({ orderType: OrderType.NotSet }),
  basket({ status: BasketStatus.Basket, orderType: OrderType.Delivery, paymentType: PaymentType.CashOrder }),
  basket({ status: BasketStatus.Checkout, orderType: OrderType.Collection, paymentType: PaymentType.InternetOrder }),
  basket({ status: BasketStatus.Contact, orderType: OrderType.Collection, paymentType: PaymentType.CashOrder, needsFix: true }),
  basket({ status: BasketStatus.Contact, orderType: OrderType.Collection, paymentType: PaymentType.CashOrder }),
  basket({ status: BasketStatus.Confirmed, orderType: OrderType.Collection, paymentType: PaymentType.CashOrder }),
  { ...NO_BASKET, rebuilding: true },
];

const STEPS = ['basket', 'delivery', 'contact', 'orderTime', 'checkout'] as const;
/** An order of each kind the steps tell apart: collected and paid in cash, delivered, paid online. */
const ORDERS = [
  { orderType: OrderType.Collection, paymentType: PaymentType.CashOrder },
  { orderType: OrderType.Delivery, paymentType: PaymentType.CashOrder },
  { orderType: OrderType.Collection, paymentType: PaymentType.InternetOrder },
] as const;

const EVENTS: OrderJourneyEvent[] = [
  { type: 'ARRIVED', path: '/basket' },
  { type: 'ARRIVED', path: '/paymentIssue' },
  { type: 'ARRIVED', path: '/order-cancelled' },
  { type: 'ARRIVED', path: '/account' },
  ...STEPS.flatMap((step) => ORDERS.map((order) => ({ type: 'NEXT' as const, step, basket: basket({ status: journeyStep(step).status, ...order }) }))),
  ...BASKET_REPORTS.map((facts) => ({ type: 'BASKET_REPORTED' as const, basket: facts })),
  ...(['paying', 'processing', 'issue', 'cash', 'paid'] as const).map((at) => ({ type: 'PAYMENT_REPORTED' as const, payment: { at, resumable: false } })),
  ...(['waiting', 'accepted', 'ended', 'cancelError'] as const).map((at) => ({
    type: 'ACCEPTANCE_REPORTED' as const,
    acceptance: { at, orderRef: 'order-9c1e' },
  })),
  { type: 'RETRY' },
  { type: 'ORDER_AGAIN', orderId: 'basket-7f3a' },
  { type: 'ORDER_AGAIN' },
  { type: 'BACK_TO_ORDER' },
];

/** The router's state with what it decides from: the order's kind, a fix waiting, a rebuild, lines. */
export function serializeState(snapshot: OrderJourneySnapshot): string {
  const { basket: facts } = snapshot.context;
  return JSON.stringify([snapshot.value, facts.orderType, facts.paymentType, facts.needsFix, facts.rebuilding, facts.hasLines]);
}

export function describeEvent(event: OrderJourneyEvent): string {
  switch (event.type) {
    case 'NEXT':
      return `NEXT(${event.step}, ${event.basket.orderType === OrderType.Delivery ? 'delivery' : 'collection'}, ${event.basket.paymentType === PaymentType.InternetOrder ? 'online' : 'cash'})`;
    case 'ARRIVED':
      return `ARRIVED(${event.path})`;
    case 'BASKET_REPORTED':
      return `BASKET_REPORTED(#${BASKET_REPORTS.indexOf(event.basket)})`;
    case 'PAYMENT_REPORTED':
      return `PAYMENT_REPORTED(${event.payment.at})`;
    case 'ACCEPTANCE_REPORTED':
      return `ACCEPTANCE_REPORTED(${event.acceptance.at})`;
    case 'ORDER_AGAIN':
      return event.orderId === undefined ? 'ORDER_AGAIN(no order)' : 'ORDER_AGAIN';
    default:
      return event.type;
  }
}

export function describePath(path: StatePath<OrderJourneySnapshot, OrderJourneyEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => describeEvent(event))
      .join(' → ') || '(start)'
  );
}

export const orderJourneyShortestPaths: PathSet<OrderJourneySnapshot, OrderJourneyEvent> = {
  machine: 'machines/orderJourney/orderJourneyMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/orderJourney.paths.test.ts',
  suite: 'order journey router: shortest paths',
  paths: getShortestPaths(routerUnderTest, { input: { settings: SETTINGS }, events: EVENTS, serializeState }).map((path) => ({
    name: describePath(path),
    path,
  })),
};
