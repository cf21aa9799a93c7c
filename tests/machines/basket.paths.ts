import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { basketMachine, orderUpdateOf, type BasketEvent, type BasketSnapshot } from '../../machines/basket/basketMachine';
import { tidyDeliveryAddress } from '../../machines/basket/basketForms';
import type { ApiError } from '../../src/domain/apiErrors';
import type { PathSet } from '../paths/catalogue';
import {
  confirmBasket,
  NO_MINIMUMS,
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

/** London's Friday: every voucher of these tests may be added, the day-limited one included. */
const FRIDAY = 5;
export const input = { menuVersion: 1, client: { os: 'Linux', osVersion: 'x86_64' }, minimums: NO_MINIMUMS };
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
const rebuild: BasketEvent = { type: 'REBUILD_ORDER', orderId: PREVIOUS_ORDER_ID, from: 'account' };
const customerEvents: BasketEvent[] = [
  addSpringRolls,
  signIn,
  { type: 'CUSTOMER_CHANGED' },
  { type: 'ADD_VOUCHER', voucher: fixedVoucher, held: heldVouchers, dayOfWeek: FRIDAY },
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

export type ActorId = 'createBasket' | 'updateOrder' | 'checkDelivery' | 'confirmOrder' | 'rebuildOrder';
export type Answer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };

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
export function serializeState(snapshot: BasketSnapshot): string {
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
export function serializeCustomerState(snapshot: BasketSnapshot): string {
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

export type Serialize = (snapshot: BasketSnapshot) => string;

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

export const actorIdOf = (eventType: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(eventType)?.[1] as ActorId | undefined;

export function describePath(path: StatePath<BasketSnapshot, BasketEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => {
        const answer = event as BasketEvent | Answer;
        const actorId = actorIdOf(answer.type);
        if (actorId) {
          if (!('error' in answer)) return `answer ${actorId}`;
          // A refused voucher fails the same call as a refused update: the name tells them apart.
          return (answer.error as ApiError).validationErrors?.length ? `fail ${actorId} (voucher refused)` : `fail ${actorId}`;
        }
        if (answer.type === 'SUBMIT_DELIVERY') return `SUBMIT_DELIVERY(${answer.postcode})`;
        if (answer.type === 'SUBMIT_CONTACT') return `SUBMIT_CONTACT(${answer.name ? 'valid' : 'invalid'})`;
        if (answer.type === 'ADD_ITEM') return `ADD_ITEM(${answer.line.title})`;
        if (answer.type === 'CHOOSE_ORDER_TYPE') return `CHOOSE_ORDER_TYPE(${answer.orderType})`;
        if (answer.type === 'CUSTOMER_CHANGED') return answer.sub ? 'SIGNED_IN' : 'SIGNED_OUT';
        if (answer.type === 'OFFER_TIMES') return `OFFER_TIMES(${answer.offered.asapAvailable ? 'early' : 'later'})`;
        if (answer.type === 'PICK_TIME') return `PICK_TIME(${answer.asap ? 'asap' : (answer.requestedTime ?? 'later')})`;
        return answer.type;
      })
      .join(' → ') || 'start'
  );
}

const setOf = (suite: string, paths: Array<StatePath<BasketSnapshot, BasketEvent>>): PathSet<BasketSnapshot, BasketEvent> => ({
  machine: 'machines/basket/basketMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/basket.paths.test.ts',
  suite,
  paths: paths.map((path) => ({ name: describePath(path), path })),
});

export const basketJourneyPaths = setOf('basket statechart: generated shortest paths of the journey', pathsOf(journeyEvents));
export const basketMenuChangePaths = setOf('basket statechart: generated shortest paths of a menu change', pathsOf(menuChangeEvents));
export const basketCustomerPaths = setOf(
  'basket statechart: generated shortest paths of a signed-in customer',
  pathsOf(customerEvents, duringCustomerCalls, serializeCustomerState),
);

/**
 * The forms' drafts the statechart fills for the customer: the delivery form from the account's saved addresses or an
 * address chosen, and the order-time step's time from the times the server offers and the customer's picks. These
 * events change no state, only what the forms show, so the model's state is the drafts themselves. Every simple path
 * (no state twice), not only the shortest: the rules are about order (a saved address arriving after one was chosen,
 * a picked time meeting a newer offer), which a shortest path skips.
 */
export const SAVED_ADDRESS = { address1: '3 Otley Road', address2: 'Flat 2', town: 'Leeds', postcode: 'LS6 3AA' };
export const CHOSEN_ADDRESS = { address1: '12 Cardigan Road', address2: '', town: 'Leeds', postcode: 'LS6 1LF' };
/** Two offers as the clock moves on: the first with "as soon as possible", the second after it, one slot later. */
export const EARLY_OFFER = { asapAvailable: true, slots: ['18:00', '18:15'] };
export const LATER_OFFER = { asapAvailable: false, slots: ['18:15', '18:30'] };
const addressEvents: BasketEvent[] = [
  { type: 'SAVED_ADDRESSES', addresses: [SAVED_ADDRESS] },
  { type: 'PREFILL_DELIVERY', address: CHOSEN_ADDRESS },
];
const timeEvents: BasketEvent[] = [
  { type: 'OFFER_TIMES', offered: EARLY_OFFER },
  { type: 'OFFER_TIMES', offered: LATER_OFFER },
  { type: 'PICK_TIME', asap: true },
  { type: 'PICK_TIME', asap: false },
  { type: 'PICK_TIME', asap: false, requestedTime: '18:15' },
  { type: 'PICK_TIME', asap: false, requestedTime: '18:30' },
];

export function serializeFormState({ context }: BasketSnapshot): string {
  return JSON.stringify({ delivery: context.drafts.delivery, saved: context.customerAddress, time: context.drafts.time, offered: context.offeredTimes });
}

const formPathsOf = (events: BasketEvent[]) => getSimplePaths(basketMachine, { input, events, serializeState: serializeFormState });

export const basketFormsPaths: PathSet<BasketSnapshot, BasketEvent> = {
  machine: 'machines/basket/basketMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/basket.forms.paths.test.ts',
  suite: "basket statechart: generated simple paths of the forms' drafts (saved addresses, offered and picked times)",
  // The start is in both models: once is enough.
  paths: [...formPathsOf(addressEvents), ...formPathsOf(timeEvents).filter((path) => path.steps.length > 1)].map((path) => ({ name: describePath(path), path })),
};
