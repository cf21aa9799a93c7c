import { getShortestPaths } from '@xstate/graph';
import { basketMachine, orderUpdateOf, type BasketEvent, type BasketSnapshot, type DeliveryCheck, type OrderUpdate, type PricedOrder } from '../../../machines/basket/basketMachine';
import { paymentTypesOffered } from '../../../machines/basket/basketPayment';
import type { PathSet } from '../../paths/catalogue';

/**
 * A dish without options (added with one tap): one is over the £10.00 collection minimum, two are over the £15.00
 * delivery minimum, so the statechart's own minimums decide how many the shortest delivery paths add.
 */
export const DISH = { categoryId: 1, itemId: 109, title: 'Mixed Starter for Two', quantity: 1, itemCost: 13.9 } as const;
/** A postcode in the demo restaurant's LS6 zone, and one outside every zone (src/server/db/seed/goldenDragonRestaurant.ts). */
const IN_ZONE_POSTCODE = 'LS6 1AA';
const OUT_OF_ZONE_POSTCODE = 'M1 1AA';
const ADDRESS = { address1: '4 Cardigan Road', address2: '', town: 'Leeds' } as const;
/** orderSupport's GUEST (that module is Playwright's, so it is not imported here). */
const CUSTOMER = { name: 'Alex Guest', phone: '07700 900123', email: 'alex.guest@example.com' } as const;

/** What the customer does on the screens, as the basket statechart's events. */
const customerEvents: BasketEvent[] = [
  { type: 'ADD_ITEM', line: DISH },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 2 },
  { type: 'CONFIRM_BASKET' },
  { type: 'SUBMIT_DELIVERY', ...ADDRESS, postcode: IN_ZONE_POSTCODE },
  { type: 'SUBMIT_DELIVERY', ...ADDRESS, postcode: OUT_OF_ZONE_POSTCODE },
  { type: 'SUBMIT_CONTACT', ...CUSTOMER },
  // The model needs a time; the screen picks the first later slot the server offers.
  { type: 'SUBMIT_TIME', asap: false, requestedTime: '2030-01-04T18:00:00.000Z' },
  { type: 'CONFIRM_ORDER' },
];

/** What the checkout screen sends by itself as it opens: the ways to pay it offers, cash first (it chooses cash). */
export const CHECKOUT_OPENS: BasketEvent = { type: 'OFFER_PAYMENT_TYPES', paymentTypes: paymentTypesOffered(true) };

/** The model's stand-in for the server's answer to an update: the order as sent (the browser meets the real prices). */
function savedAsSent(update: OrderUpdate): PricedOrder {
  return {
    ...update,
    ref: 'model-ref',
    status: 1,
    orignalItemCost: update.itemCost,
    discountValue: 0,
    profileDiscountValue: 0,
    requestedTime: update.requestedTime ?? null,
    notes: update.notes ?? '',
    name: update.name ?? '',
    phone: update.phone ?? '',
    email: update.email ?? '',
    deliveryAddress: update.deliveryAddress ?? null,
    deliveryZoneId: update.deliveryZoneId ?? null,
  };
}

/** As the demo restaurant answers: LS6 is zone 1 (£1.50, £12.00 minimum), any other district is outside every zone. */
function deliveryCheckOf(postcode: string): DeliveryCheck {
  return postcode.startsWith('LS6 ')
    ? { zone: 1, deliveryCharge: 1.5, validPostCode: true, minimumOrderValue: 12 }
    : { zone: null, deliveryCharge: 0, validPostCode: false };
}

/** The server's successful answers, offered only while their call is in flight: in the browser the real server answers. */
function answersFor(snapshot: BasketSnapshot): BasketEvent[] {
  const answers: unknown[] = [];
  if (snapshot.matches({ journey: 'creating' })) answers.push({ type: 'xstate.done.actor.createBasket', output: { basketId: 'model-basket', orderBuilderRef: 'model-ref' } });
  if (snapshot.matches({ sync: 'saving' })) answers.push({ type: 'xstate.done.actor.updateOrder', output: savedAsSent(orderUpdateOf(snapshot.context)) });
  if (snapshot.matches({ deliveryCheck: 'checking' }) && snapshot.context.drafts.delivery) {
    answers.push({ type: 'xstate.done.actor.checkDelivery', output: deliveryCheckOf(snapshot.context.drafts.delivery.postcode) });
  }
  if (snapshot.matches({ journey: 'confirming' })) answers.push({ type: 'xstate.done.actor.confirmOrder', output: { orderRef: 'model-order' } });
  return answers as BasketEvent[];
}

export function journeyOf(snapshot: Pick<BasketSnapshot, 'value'>): string {
  const { journey } = snapshot.value as { journey: string | Record<string, unknown> };
  return typeof journey === 'string' ? journey : Object.keys(journey)[0]!;
}

const dishesOf = ({ context }: BasketSnapshot) => [...context.lines, ...context.pendingLines].reduce((total, line) => total + line.quantity, 0);

/**
 * The next event: the server's answers while a call is in flight (a customer waits for each before the next tap, as
 * the screens show the call in flight); the checkout's own choice of cash as it opens; otherwise the customer's.
 */
function nextEvents(snapshot: BasketSnapshot): BasketEvent[] {
  if (snapshot.hasTag('busy')) return answersFor(snapshot);
  if (snapshot.matches({ journey: 'time' })) return [CHECKOUT_OPENS];
  // Two dishes meet every minimum: a third adds nothing the screens show differently.
  return dishesOf(snapshot) < 2 ? customerEvents : customerEvents.filter((event) => event.type !== 'ADD_ITEM');
}

/** What the screens show of a state: the step, the order type chosen, and the postcode refused on /delivery. */
function screenOf(snapshot: BasketSnapshot): string {
  const journey = journeyOf(snapshot);
  return JSON.stringify({
    // The checkout chooses a way to pay as it opens: the customer sees the order time done only at the checkout.
    journey: journey === 'time' ? 'checkout' : journey,
    // The basket screen is the same screen whichever order type is ticked.
    orderType: journey === 'items' ? undefined : snapshot.context.orderType,
    // Shown on /delivery, where a delivery order stands until its postcode is accepted.
    postcodeRefused: journey === 'basket' && snapshot.context.fieldErrors.postcode !== undefined,
  });
}

/** The journey states a customer stands at on a screen (the others last only while a call is answered). */
const VISIBLE_JOURNEY_STATES = ['items', 'basket', 'delivery', 'contact', 'time', 'checkout', 'confirmed'];

const allPaths = getShortestPaths(basketMachine, {
  // The demo restaurant's minimums (src/server/db/seed/goldenDragonRestaurant.ts), as the journey router gives them.
  input: { minimums: { allowCollection: true, allowOrdering: true, minimumCollectionOrderPence: 1000, minimumFreeOrderPence: 1500 } },
  events: nextEvents,
  // What the screen shows, and what decides the events that follow: the dishes, the order type, the postcode typed.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      screen: screenOf(snapshot),
      dishes: dishesOf(snapshot),
      orderType: snapshot.context.orderType,
      postcode: snapshot.context.drafts.delivery?.postcode,
    }),
});

/** One path to each screen a customer can stand at: the shortest of those that reach it. */
const screenPaths = [
  ...new Map(
    allPaths
      .filter((path) => !path.state.hasTag('busy') && VISIBLE_JOURNEY_STATES.includes(journeyOf(path.state)))
      // A Map keeps the last path given for a screen: longest first, that is the shortest.
      .sort((a, b) => b.steps.length - a.steps.length)
      .map((path) => [screenOf(path.state), path] as const),
  ).values(),
].sort((a, b) => a.steps.length - b.steps.length);

/** The path's events in order; the server's answers are left out, as each call here is answered as it succeeds. */
function nameOf(steps: readonly { event: BasketEvent }[]): string {
  return steps
    .slice(1)
    .filter(({ event }) => !event.type.startsWith('xstate.done.actor.'))
    .map(({ event }) => {
      if (event.type === 'ADD_ITEM') return `ADD_ITEM(${event.line.title})`;
      if (event.type === 'CHOOSE_ORDER_TYPE') return `CHOOSE_ORDER_TYPE(${event.orderType === 1 ? 'collection' : 'delivery'})`;
      if (event.type === 'SUBMIT_DELIVERY') return `SUBMIT_DELIVERY(${event.postcode})`;
      if (event.type === 'OFFER_PAYMENT_TYPES') return 'OFFER_PAYMENT_TYPES(cash first)';
      return event.type;
    })
    .join(' → ');
}

export const basketBrowserPaths: PathSet<BasketSnapshot, BasketEvent> = {
  machine: 'machines/basket/basketMachine.ts',
  where: 'browser',
  testFile: 'tests/e2e/basketPaths.spec.ts',
  suite: 'basket statechart: shortest paths to every screen of the journey, through the real UI',
  paths: screenPaths.map((path) => ({ name: nameOf(path.steps), path })),
};
