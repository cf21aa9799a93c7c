import type { StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type NonReducibleUnknown } from 'xstate';
import {
  basketMachine,
  basketStatusOf,
  canConfirm,
  isRebuilding,
  JOURNEY_STEPS,
  needsFix,
  redirectForStep,
  type BasketEvent,
  type BasketSnapshot,
  type ConfirmInput,
  type CreatedBasket,
  type DeliveryCheck,
  type OrderUpdate,
  type PricedOrder,
  type RebuiltOrder,
  type RebuildInput,
} from '../../machines/basket/basketMachine';
import { CONFIRMED_ORDER_REF, createdBasket, CUSTOMER_SUB, deliveryCheckOf, IN_ZONE_POSTCODE, pricedOrder, rebuiltOrder } from './basketServerAnswers';
import {
  actorIdOf,
  basketCustomerPaths,
  basketJourneyPaths,
  basketMenuChangePaths,
  input,
  serializeCustomerState,
  serializeState,
  type ActorId,
  type Answer,
  type Serialize,
} from './basket.paths';

const journeyPaths = basketJourneyPaths.paths.map(({ path }) => path);
const menuChangePaths = basketMenuChangePaths.paths.map(({ path }) => path);
const customerPaths = basketCustomerPaths.paths.map(({ path }) => path);

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
  // Nothing is placed or paid before the customer has acknowledged what a menu change did to the order.
  const acknowledged = context.removedItems.length === 0 && (context.repricedItems ?? []).length === 0;
  expect(canConfirm(snapshot)).toBe(journey === 'checkout' && allSaved && acknowledged);
  // "Place order" pressed while an update is in flight waits for it.
  expect(snapshot.can({ type: 'CONFIRM_ORDER' })).toBe(journey === 'checkout' && acknowledged && (allSaved || snapshot.matches({ sync: 'saving' })));
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
      rebuildOrder: waiting<RebuiltOrder, RebuildInput>('rebuildOrder'),
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

describe(basketJourneyPaths.suite, () => {
  it('reach every state of the journey, sync and delivery check', () => {
    const journeys = new Set(journeyPaths.map((path) => journeyOf(path.state)));
    expect(journeys).toEqual(new Set(Object.keys(expectedStatus)));
    expect(journeyPaths.some((path) => path.state.matches({ journey: { checkout: 'confirmFailed' } }))).toBe(true);
    expect(journeyPaths.some((path) => path.state.matches({ sync: 'failed' }))).toBe(true);
    expect(journeyPaths.some((path) => path.state.matches({ deliveryCheck: 'checking' }))).toBe(true);
    expect(journeyPaths.length).toBeLessThan(1500);
  });

  for (const { name, path } of basketJourneyPaths.paths) it(name, () => replay(path));
});

describe(basketMenuChangePaths.suite, () => {
  it('reach a basket whose withdrawn items were removed and named', () => {
    expect(menuChangePaths.some((path) => path.state.context.removedItems.length > 0 && basketStatusOf(path.state) === 1)).toBe(true);
    expect(menuChangePaths.some((path) => path.state.context.removedItems.length > 0 && basketStatusOf(path.state) === 0)).toBe(true);
    expect(menuChangePaths.length).toBeLessThan(1000);
  });

  for (const { name, path } of basketMenuChangePaths.paths) it(name, () => replay(path));
});

describe(basketCustomerPaths.suite, () => {
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

  for (const { name, path } of basketCustomerPaths.paths) it(name, () => replay(path, serializeCustomerState));
});
