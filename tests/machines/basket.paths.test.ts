import { getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type NonReducibleUnknown } from 'xstate';
import {
  basketMachine,
  basketStatusOf,
  canConfirm,
  isRebuilding,
  JOURNEY_STEPS,
  needsFix,
  orderUpdateOf,
  redirectForStep,
  type BasketEvent,
  type BasketSnapshot,
  type ConfirmInput,
  type CreatedBasket,
  type DeliveryCheck,
  type OrderUpdate,
  type PricedOrder,
  type RebuiltOrder,
} from '../../machines/basket/basketMachine';
import { tidyDeliveryAddress } from '../../machines/basket/basketForms';
import {
  confirmBasket,
  CONFIRMED_ORDER_REF,
  createdBasket,
  CUSTOMER_SUB,
  deliveryCheckOf,
  fixedVoucher,
  heldVouchers,
  IN_ZONE_POSTCODE,
  menuVersion2,
  noResponse,
  orderNotFound,
  OUT_OF_ZONE_POSTCODE,
  PREVIOUS_ORDER_ID,
  pricedOrder,
  rebuiltOrder,
  refusedUpdate,
  refusedVoucher,
} from './basketServerAnswers';

const input = { menuVersion: 1, client: { os: 'Linux', osVersion: 'x86_64' } };
const address = { address1: '12 Cardigan Road', address2: '', town: 'Leeds' };

const addSpringRolls: BasketEvent = { type: 'ADD_ITEM', line: { categoryId: 1, itemId: 11, title: 'Spring Rolls', quantity: 1, itemCost: 3.5 } };
const addBeef: BasketEvent = { type: 'ADD_ITEM', line: { categoryId: 2, itemId: 22, title: 'Beef in Black Bean Sauce', quantity: 1, itemCost: 7.8 } };

/** The journey: every step, both order types, an accepted and a refused postcode, confirming, retrying, clearing. */
const journeyEvents: BasketEvent[] = [
  addSpringRolls,
  { type: 'INCREASE_LINE', index: 0 },
  { type: 'CANCEL_LINE', index: 0 },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 2 },
  confirmBasket,
  { type: 'SUBMIT_DELIVERY', ...address, postcode: IN_ZONE_POSTCODE },
  { type: 'SUBMIT_DELIVERY', ...address, postcode: OUT_OF_ZONE_POSTCODE },
  { type: 'SUBMIT_CONTACT', name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' },
  { type: 'SUBMIT_TIME', asap: true },
  { type: 'CHOOSE_PAYMENT', paymentType: 1 },
  { type: 'CONFIRM_ORDER' },
  { type: 'RETRY' },
  { type: 'CLEAR' },
];

/** A saved basket meeting a newer menu that withdraws one of its items, before and after the basket step. */
const menuChangeEvents: BasketEvent[] = [
  addSpringRolls,
  addBeef,
  { type: 'CANCEL_LINE', index: 0 },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
  confirmBasket,
  { type: 'MENU_CHANGED', menu: menuVersion2 },
  { type: 'RETRY' },
  { type: 'CLEAR' },
];

/**
 * A customer signing in and out, adding and removing a voucher, confirming, and ordering a previous order again.
 * (Refused events change nothing, so they are never on a shortest path: basket.test.ts covers those guards.)
 */
const signIn: BasketEvent = { type: 'CUSTOMER_CHANGED', sub: CUSTOMER_SUB };
const rebuild: BasketEvent = { type: 'REBUILD_ORDER', orderId: PREVIOUS_ORDER_ID };
const customerEvents: BasketEvent[] = [
  addSpringRolls,
  signIn,
  { type: 'CUSTOMER_CHANGED' },
  { type: 'ADD_VOUCHER', voucher: fixedVoucher, held: heldVouchers },
  { type: 'REMOVE_VOUCHER', index: 0, voucherId: fixedVoucher.voucherId },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
  confirmBasket,
  { type: 'SUBMIT_CONTACT', name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' },
  { type: 'SUBMIT_TIME', asap: true },
  { type: 'CHOOSE_PAYMENT', paymentType: 1 },
  { type: 'CONFIRM_ORDER' },
  rebuild,
  { type: 'CLEAR' },
];

type ActorId = 'createBasket' | 'updateOrder' | 'checkDelivery' | 'confirmOrder' | 'rebuildOrder';
type Answer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };

/**
 * The invoked calls' answers are part of the model: offered only while that call is in flight, and computed from the
 * basket as the server would answer it (the server's prices, the postcode's zone), or a failure.
 */
function answersFor(snapshot: BasketSnapshot): Answer[] {
  const answers: Answer[] = [];
  if (snapshot.matches({ journey: 'creating' })) {
    answers.push({ type: 'xstate.done.actor.createBasket', output: createdBasket }, { type: 'xstate.error.actor.createBasket', error: noResponse });
  }
  if (snapshot.matches({ sync: 'saving' })) {
    answers.push(
      { type: 'xstate.done.actor.updateOrder', output: pricedOrder(orderUpdateOf(snapshot.context), { signedIn: snapshot.context.customerSub !== undefined }) },
      { type: 'xstate.error.actor.updateOrder', error: refusedUpdate },
    );
    // A voucher refused (used up on another device, or the wrong day), where the customer applies it: at checkout.
    if (snapshot.context.voucherItems.length > 0 && snapshot.matches({ journey: 'checkout' })) {
      answers.push({ type: 'xstate.error.actor.updateOrder', error: refusedVoucher(0) });
    }
  }
  if (snapshot.matches({ deliveryCheck: 'checking' }) && snapshot.context.drafts.delivery) {
    const { postcode } = tidyDeliveryAddress(snapshot.context.drafts.delivery);
    answers.push({ type: 'xstate.done.actor.checkDelivery', output: deliveryCheckOf(postcode) }, { type: 'xstate.error.actor.checkDelivery', error: noResponse });
  }
  if (snapshot.matches({ journey: 'confirming' })) {
    answers.push({ type: 'xstate.done.actor.confirmOrder', output: { orderRef: CONFIRMED_ORDER_REF } }, { type: 'xstate.error.actor.confirmOrder', error: noResponse });
  }
  if (snapshot.matches({ rebuild: 'rebuilding' })) {
    answers.push({ type: 'xstate.done.actor.rebuildOrder', output: rebuiltOrder }, { type: 'xstate.error.actor.rebuildOrder', error: orderNotFound });
  }
  return answers;
}

/**
 * A state's identity for the traversal: where it is, and what about its context changes what may happen next.
 * Quantities and prices are unbounded, so lines count only as none, one single item (cancelling it empties the
 * basket), or more.
 */
function serializeState(snapshot: BasketSnapshot): string {
  const { context } = snapshot;
  const units = context.lines.reduce((total, line) => total + line.quantity, 0);
  return JSON.stringify({
    value: snapshot.value,
    lines: units === 0 ? 0 : units === 1 ? 1 : 'more',
    ...customerPart(snapshot),
    // The beef is what the next menu version withdraws.
    beef: context.lines.some((line) => line.itemId === 22),
    pending: context.pendingLines.length > 0,
    menuVersion: context.menuVersion,
    removed: context.removedItems.length > 0,
    orderType: context.orderType,
    delivery: context.delivery !== undefined,
    contact: context.contact !== undefined,
    time: context.time !== undefined,
    paymentType: context.paymentType,
    saveQueued: context.saveQueued,
  });
}

function customerPart({ context }: BasketSnapshot) {
  return {
    vouchers: context.voucherItems.length,
    customer: context.customerSub !== undefined,
    // The server's reason for a voucher it refused, shown until the vouchers change.
    voucherRefused: context.fieldErrors.voucher !== undefined,
  };
}

/** The customer's model never cancels a line, so how many there are matters only as none or some. */
function serializeCustomerState(snapshot: BasketSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    lines: context.lines.length > 0,
    // What a rebuilt order could not carry over, shown on the basket.
    removed: context.removedItems.length > 0,
    ...customerPart(snapshot),
    orderType: context.orderType,
    contact: context.contact !== undefined,
    time: context.time !== undefined,
    paymentType: context.paymentType,
    saveQueued: context.saveQueued,
  });
}

// While a call is in flight the model offers only "add" (which queues another save) and "clear": every other change
// would queue its save the same way, and offering them all would multiply the states without new behaviour. A
// customer's model also signs in then (the update in flight is the guest's, so the order is sent again).
const duringCalls = (event: BasketEvent) => event === addSpringRolls || event.type === 'CLEAR';
const duringCustomerCalls = (event: BasketEvent) => duringCalls(event) || event === signIn;

type Serialize = (snapshot: BasketSnapshot) => string;

function pathsOf(events: BasketEvent[], offeredDuringCalls = duringCalls, serialize: Serialize = serializeState) {
  return getShortestPaths(basketMachine, {
    input,
    events: (snapshot) => [
      ...(snapshot.hasTag('busy') ? events.filter(offeredDuringCalls) : events),
      ...(answersFor(snapshot) as unknown as BasketEvent[]),
    ],
    serializeState: serialize,
  });
}

const journeyPaths = pathsOf(journeyEvents);
const menuChangePaths = pathsOf(menuChangeEvents);
const customerPaths = pathsOf(customerEvents, duringCustomerCalls, serializeCustomerState);

/** docs/order-journey.md, written out independently of the machine: each journey state's SPEC §4 status. */
const expectedStatus: Record<string, number> = {
  empty: 0,
  creating: 0,
  created: 0,
  items: 1,
  basket: 2,
  delivery: 3,
  contact: 4,
  time: 5,
  checkout: 6,
  confirming: 6,
  confirmed: 7,
};

function journeyOf(snapshot: BasketSnapshot): string {
  const { journey } = snapshot.value as { journey: string | Record<string, string> };
  return typeof journey === 'string' ? journey : Object.keys(journey)[0]!;
}

/** What each route's guard must do, from the journey's rules: the first step not yet done, for this order type. */
function expectedRedirect(status: number, orderType: number, path: string): string | undefined {
  const isDelivery = orderType === 2;
  if (status === 7) return path === '/order' ? undefined : '/restaurant-confirmation';
  const firstIncomplete =
    status === 0 ? '/order' : status === 1 ? '/basket' : status === 2 ? (isDelivery ? '/delivery' : '/contact') : status === 3 ? '/contact' : status === 4 ? '/orderTime' : '/checkout';
  const needs: Record<string, number> = { '/order': 0, '/basket': 1, '/delivery': 2, '/contact': isDelivery ? 3 : 2, '/orderTime': 4, '/checkout': 5 };
  if (path === '/delivery' && !isDelivery) return status >= 2 ? '/contact' : firstIncomplete;
  // Only an order paid online goes through /payment; these orders pay cash.
  if (path === '/payment') return firstIncomplete;
  return status >= needs[path]! ? undefined : firstIncomplete;
}

function expectConsistent(snapshot: BasketSnapshot) {
  const journey = journeyOf(snapshot);
  const status = basketStatusOf(snapshot);
  const { context } = snapshot;
  expect(status).toBe(expectedStatus[journey]);
  for (const { path } of JOURNEY_STEPS) {
    expect(redirectForStep(snapshot, path), `guard of ${path}`).toBe(expectedRedirect(status, context.orderType, path));
  }
  const rebuilding = snapshot.matches({ rebuild: 'rebuilding' });
  const inFlight =
    ['creating', 'confirming'].includes(journey) || snapshot.matches({ sync: 'saving' }) || snapshot.matches({ deliveryCheck: 'checking' }) || rebuilding;
  expect(snapshot.hasTag('busy')).toBe(inFlight);
  expect(isRebuilding(snapshot)).toBe(rebuilding);
  expect(needsFix(snapshot)).toBe(snapshot.matches({ sync: 'failed' }) || snapshot.matches({ journey: { checkout: 'confirmFailed' } }));
  const allSaved = snapshot.matches({ sync: 'idle' }) && snapshot.matches({ deliveryCheck: 'idle' }) && !rebuilding;
  expect(canConfirm(snapshot)).toBe(journey === 'checkout' && allSaved);
  // "Place order" pressed while an update is in flight waits for it.
  expect(snapshot.can({ type: 'CONFIRM_ORDER' })).toBe(journey === 'checkout' && (allSaved || snapshot.matches({ sync: 'saving' })));
  // SPEC §4, §5: only a signed-in customer's vouchers, each once.
  if (context.voucherItems.length > 0) expect(context.customerSub).toBe(CUSTOMER_SUB);
  expect(new Set(context.voucherItems.map((voucher) => voucher.voucherId)).size).toBe(context.voucherItems.length);
  // What each status promises about the order.
  if (!['empty', 'creating'].includes(journey)) expect([createdBasket.basketId, rebuiltOrder.basketId]).toContain(context.basketId);
  if (journey === 'created') expect(context.lines).toEqual([]);
  if (status >= 1) expect(context.lines.length).toBeGreaterThan(0);
  if (status >= 2) expect(context.orderType).not.toBe(0);
  if (status >= 3 && context.orderType === 2) expect(context.delivery?.postcode).toBe(IN_ZONE_POSTCODE);
  if (status >= 4) expect(context.contact?.name).toBe('Mei Chen');
  if (status >= 5) expect(context.time).toEqual({ asap: true });
  if (status >= 6) expect(context.paymentType).toBe(1);
  expect(context.orderRef !== undefined).toBe(status === 7);
}

const actorIdOf = (eventType: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(eventType)?.[1] as ActorId | undefined;

type PendingCall = { input: unknown; resolve(output: unknown): void; reject(error: unknown): void };

/**
 * The machine with calls that wait until the path answers them: the path decides when each call settles and whether
 * it fails; a successful answer is what the server answers to the request actually made (its prices, the zone of
 * the postcode actually sent), so the replayed basket is priced from its own lines.
 */
function answeredByPath() {
  const pending: Record<ActorId, PendingCall[]> = { createBasket: [], updateOrder: [], checkDelivery: [], confirmOrder: [], rebuildOrder: [] };
  const waiting = <Output, Input>(actorId: ActorId) =>
    fromPromise<Output, Input>(({ input }) => new Promise<Output>((resolve, reject) => pending[actorId].push({ input, resolve: resolve as (output: unknown) => void, reject })));
  const machine = basketMachine.provide({
    actors: {
      createBasket: waiting<CreatedBasket, NonReducibleUnknown>('createBasket'),
      updateOrder: waiting<PricedOrder, OrderUpdate>('updateOrder'),
      checkDelivery: waiting<DeliveryCheck, { postcode: string }>('checkDelivery'),
      confirmOrder: waiting<{ orderRef: string }, ConfirmInput>('confirmOrder'),
      rebuildOrder: waiting<RebuiltOrder, { orderId: string }>('rebuildOrder'),
    },
  });
  return { machine, pending };
}

/** The server's answer to the call made; `signedIn`: whether the API client sent a customer's token with it. */
const serverAnswer: Record<ActorId, (input: unknown, signedIn: boolean) => unknown> = {
  createBasket: () => createdBasket,
  updateOrder: (input, signedIn) => pricedOrder(input as OrderUpdate, { signedIn }),
  checkDelivery: (input) => deliveryCheckOf((input as { postcode: string }).postcode),
  confirmOrder: () => ({ orderRef: CONFIRMED_ORDER_REF }),
  rebuildOrder: () => rebuiltOrder,
};

// XState hands a settled promise to the machine on a later microtask; a macrotask is past all of them.
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function replay(path: StatePath<BasketSnapshot, BasketEvent>, serialize: Serialize = serializeState) {
  const { machine, pending } = answeredByPath();
  const actor = createActor(machine, { input }).start();
  const [initialStep, ...steps] = path.steps;
  expect(initialStep!.event.type).toBe('xstate.init');
  try {
    for (const step of steps) {
      const event = step.event as BasketEvent | Answer;
      const actorId = actorIdOf(event.type);
      if (actorId) {
        const answer = event as Answer;
        // The call in flight is the latest one made; earlier ones were abandoned with the state that made them.
        const call = pending[actorId].at(-1);
        expect(call, `${actorId} is in flight`).toBeDefined();
        const { customerSub } = actor.getSnapshot().context;
        // SPEC §6: the confirmation call follows who is signed in.
        if (actorId === 'confirmOrder') expect((call!.input as ConfirmInput).authenticated).toBe(customerSub !== undefined);
        if ('output' in answer) call!.resolve(serverAnswer[actorId](call!.input, customerSub !== undefined));
        else call!.reject(answer.error);
        await settled();
      } else {
        actor.send(event as BasketEvent);
      }
      // The path's states stand for their whole abstract class (serialize), so they agree up to it.
      const reached = actor.getSnapshot();
      expect(serialize(reached)).toBe(serialize(step.state));
      expectConsistent(reached);
    }
  } finally {
    actor.stop();
  }
}

function describePath(path: StatePath<BasketSnapshot, BasketEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => {
        const answer = event as BasketEvent | Answer;
        if (actorIdOf(answer.type)) return `${'error' in answer ? 'fail' : 'answer'} ${actorIdOf(answer.type)}`;
        if (answer.type === 'SUBMIT_DELIVERY') return `SUBMIT_DELIVERY(${answer.postcode})`;
        if (answer.type === 'SUBMIT_CONTACT') return `SUBMIT_CONTACT(${answer.name ? 'valid' : 'invalid'})`;
        if (answer.type === 'ADD_ITEM') return `ADD_ITEM(${answer.line.title})`;
        if (answer.type === 'CHOOSE_ORDER_TYPE') return `CHOOSE_ORDER_TYPE(${answer.orderType})`;
        if (answer.type === 'CUSTOMER_CHANGED') return answer.sub ? 'SIGNED_IN' : 'SIGNED_OUT';
        return answer.type;
      })
      .join(' → ') || 'start'
  );
}

describe('basket statechart: generated shortest paths of the journey', () => {
  it('reach every state of the journey, sync and delivery check', () => {
    const journeys = new Set(journeyPaths.map((path) => journeyOf(path.state)));
    expect(journeys).toEqual(new Set(Object.keys(expectedStatus)));
    expect(journeyPaths.some((path) => path.state.matches({ journey: { checkout: 'confirmFailed' } }))).toBe(true);
    expect(journeyPaths.some((path) => path.state.matches({ sync: 'failed' }))).toBe(true);
    expect(journeyPaths.some((path) => path.state.matches({ deliveryCheck: 'checking' }))).toBe(true);
    expect(journeyPaths.length).toBeLessThan(1500);
  });

  it.each(journeyPaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await replay(path);
  });
});

describe('basket statechart: generated shortest paths of a menu change', () => {
  it('reach a basket whose withdrawn items were removed and named', () => {
    expect(menuChangePaths.some((path) => path.state.context.removedItems.length > 0 && basketStatusOf(path.state) === 1)).toBe(true);
    expect(menuChangePaths.some((path) => path.state.context.removedItems.length > 0 && basketStatusOf(path.state) === 0)).toBe(true);
    expect(menuChangePaths.length).toBeLessThan(1000);
  });

  it.each(menuChangePaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await replay(path);
  });
});

describe('basket statechart: generated shortest paths of a signed-in customer', () => {
  it('reach vouchers on every step, a refused voucher, confirming as a customer, and every outcome of ordering again', () => {
    const reached = (check: (state: BasketSnapshot) => boolean) => customerPaths.some((path) => check(path.state));
    // Collection orders only, and the basket is emptied only by clearing it.
    expect(new Set(customerPaths.map((path) => journeyOf(path.state)))).toEqual(
      new Set(Object.keys(expectedStatus).filter((state) => !['delivery', 'created'].includes(state))),
    );
    expect(reached((state) => state.matches({ journey: 'checkout' }) && state.context.voucherItems.length > 0)).toBe(true);
    expect(reached((state) => state.matches({ journey: 'confirmed' }) && state.context.customerSub !== undefined)).toBe(true);
    expect(reached((state) => state.matches({ rebuild: 'rebuilding' }) && state.matches({ sync: 'saving' }))).toBe(true);
    expect(reached((state) => state.context.fieldErrors.voucher !== undefined && state.context.voucherItems.length === 0)).toBe(true);
    expect(reached((state) => state.context.basketId === rebuiltOrder.basketId && state.context.removedItems.length > 0 && basketStatusOf(state) === 1)).toBe(true);
    expect(customerPaths.length).toBeLessThan(1000);
  });

  it.each(customerPaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await replay(path, serializeCustomerState);
  });
});
