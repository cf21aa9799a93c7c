import { expect, test, type Page } from '@playwright/test';
import { getShortestPaths } from '@xstate/graph';
import {
  basketMachine,
  basketStatusOf,
  orderUpdateOf,
  type BasketEvent,
  type BasketSnapshot,
  type OrderUpdate,
  type PricedOrder,
} from '../../machines/basket/basketMachine';
import { chooseFirstLaterSlot, enterContact, GUEST } from './orderSupport';
import { waitForShell } from './shellSupport';

// One dish over the £10.00 collection minimum, so a single ADD_ITEM can reach Confirmed.
const DISH = { categoryId: 1, itemId: 109, title: 'Mixed Starter for Two', quantity: 1, itemCost: 13.9 };

/** What a guest paying cash for a collection does, as the basket statechart's events. */
const customerEvents: BasketEvent[] = [
  { type: 'ADD_ITEM', line: DISH },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
  // The demo restaurant's minimums (src/server/db/seed/goldenDragonRestaurant.ts), as the basket screen sends them.
  { type: 'CONFIRM_BASKET', minimums: { allowCollection: true, allowOrdering: true, minimumCollectionOrderPence: 1000, minimumFreeOrderPence: 1500 } },
  { type: 'SUBMIT_CONTACT', ...GUEST },
  // The model needs a time; the screen picks a real slot offered by the server.
  { type: 'SUBMIT_TIME', asap: false, requestedTime: '2030-01-04T18:00:00.000Z' },
  { type: 'CHOOSE_PAYMENT', paymentType: 1 },
  { type: 'CONFIRM_ORDER' },
];

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

/** The server's successful answers, offered only while their call is in flight: in the browser the real server answers. */
function answersFor(snapshot: BasketSnapshot): BasketEvent[] {
  const answers: unknown[] = [];
  if (snapshot.matches({ journey: 'creating' })) answers.push({ type: 'xstate.done.actor.createBasket', output: { basketId: 'model-basket', orderBuilderRef: 'model-ref' } });
  if (snapshot.matches({ sync: 'saving' })) answers.push({ type: 'xstate.done.actor.updateOrder', output: savedAsSent(orderUpdateOf(snapshot.context)) });
  if (snapshot.matches({ journey: 'confirming' })) answers.push({ type: 'xstate.done.actor.confirmOrder', output: { orderRef: 'model-order' } });
  return answers as BasketEvent[];
}

function journeyOf(value: unknown): string {
  const { journey } = value as { journey: string | Record<string, unknown> };
  return typeof journey === 'string' ? journey : Object.keys(journey)[0]!;
}

const pathToConfirmed = getShortestPaths(basketMachine, {
  input: {},
  // A customer waits for each answer before the next tap (the screens show the call in flight).
  events: (snapshot) => (snapshot.hasTag('busy') ? answersFor(snapshot) : [...customerEvents, ...answersFor(snapshot)]),
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, lines: snapshot.context.lines.length, orderType: snapshot.context.orderType, paymentType: snapshot.context.paymentType }),
  toState: (snapshot) => snapshot.matches({ journey: 'confirmed' }),
}).at(0);

/** Each customer event, done through the real screens, found by role and accessible name (the others are answers). */
const uiActions: Record<string, (page: Page) => Promise<void>> = {
  ADD_ITEM: async (page) => {
    await page.goto('/order');
    await waitForShell(page);
    await page.getByRole('button', { name: `Add ${DISH.title} to order` }).click();
    await page.getByRole('link', { name: /^View basket \(1 item\)/ }).click();
  },
  CHOOSE_ORDER_TYPE: (page) => page.getByRole('radio', { name: 'Collection' }).check(),
  CONFIRM_BASKET: (page) => page.getByRole('button', { name: 'Continue' }).click(),
  SUBMIT_CONTACT: (page) => enterContact(page),
  // Cash, the first way the checkout offers, is chosen by the statechart (CHOOSE_PAYMENT) as the checkout opens.
  SUBMIT_TIME: async (page) => {
    await chooseFirstLaterSlot(page);
    await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  },
  CONFIRM_ORDER: (page) => page.getByRole('button', { name: 'Place order' }).click(),
};

/** Where the screens stand at each journey state. */
const pathOfJourneyState: Record<string, string> = {
  items: '/basket',
  basket: '/contact',
  contact: '/orderTime',
  time: '/checkout',
  checkout: '/checkout',
  confirmed: '/restaurant-confirmation',
};

async function savedJourneyState(page: Page): Promise<string | undefined> {
  const saved = await page.evaluate(() => window.localStorage.getItem('takeaway.basket.v1'));
  return saved === null ? undefined : journeyOf((JSON.parse(saved) as { value: unknown }).value);
}

test('the shortest path of the basket statechart to Confirmed, driven through the real screens', async ({ page }) => {
  expect(pathToConfirmed, 'the statechart reaches Confirmed').toBeDefined();
  const steps = pathToConfirmed!.steps.filter((step) => step.event.type in uiActions);
  expect(steps.map((step) => step.event.type)).toEqual(['ADD_ITEM', 'CHOOSE_ORDER_TYPE', 'CONFIRM_BASKET', 'SUBMIT_CONTACT', 'SUBMIT_TIME', 'CONFIRM_ORDER']);
  expect(pathToConfirmed!.steps.map((step) => step.event.type)).toContain('CHOOSE_PAYMENT');

  const { steps: allSteps } = pathToConfirmed!;
  for (const [index, step] of allSteps.entries()) {
    const act = uiActions[step.event.type];
    if (!act) continue;
    await act(page);
    // Each step holds the state its event led to; once the calls this event started are answered, the model stands
    // where it is just before the customer's next event (or at the end of the path).
    const nextCustomerStep = allSteps.findIndex((later, laterIndex) => laterIndex > index && later.event.type in uiActions);
    const settled = nextCustomerStep === -1 ? pathToConfirmed!.state : allSteps[nextCustomerStep - 1]!.state;
    const journey = journeyOf(settled.value);
    await expect.poll(() => savedJourneyState(page), { message: `after ${step.event.type}` }).toBe(journey);
    const expectedPath = pathOfJourneyState[journey];
    if (expectedPath) await expect(page, `status ${basketStatusOf(settled)} after ${step.event.type}`).toHaveURL((url) => url.pathname === expectedPath);
  }
  await expect(page.getByRole('status', { name: 'Order reference' })).toContainText('Your order reference is');
});
