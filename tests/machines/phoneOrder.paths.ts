import { getShortestPaths, type StatePath } from '@xstate/graph';
import { NO_ANSWER_MESSAGE, phoneOrderMachine, type PhoneOrderEvent, type PhoneOrderSnapshot } from '../../machines/kitchen/phoneOrderMachine';
import { OrderType } from '../../src/domain/orderEnums';
import type { PathSet } from '../paths/catalogue';

// The phone order statechart's model: what staff do (a representative value of each), and the three calls' answers
// while each is in flight. The draft's text is abstracted to what the rules read.

export type ActorId = 'loadSlots' | 'checkPostcode' | 'placeOrder';
export type Answer = { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };
export type ExploredEvent = PhoneOrderEvent | Answer;

export const SLOT = '2026-11-24T19:30:00.000Z';
export const slots = { asapAvailable: true, slots: [SLOT] };
export const zoneAnswer = { zone: 1, deliveryCharge: 2.5, validPostCode: true, minimumOrderValue: 15 };
export const placedTicket = { orderRef: 'ph0neOrderRef000000001', orderNumber: 7 };
export const slotFull = { status: 400, message: null, validationErrors: [{ field: 'requestedTime', message: 'The time you chose is now fully booked: please choose another time' }] };
export const noResponse = { message: 'The service is temporarily unavailable', validationErrors: [] };
export const keySpent = { status: 409, message: 'Order 7 was already placed from this form with different details: this one was not placed.', validationErrors: [] };
export const dish = { categoryId: 1, itemId: 109, title: 'Mixed Starter for Two', pricePence: 1390 };

const staffEvents: PhoneOrderEvent[] = [
  { type: 'SET_ORDER_TYPE', orderType: OrderType.Delivery },
  { type: 'SET_ORDER_TYPE', orderType: OrderType.Collection },
  { type: 'EDIT', field: 'postcode', value: 'LS6 2AB' },
  { type: 'CHECK_POSTCODE' },
  { type: 'ADD_LINE', line: dish },
  { type: 'REMOVE_LINE', index: 0 },
  { type: 'SET_TIME', requestedTime: SLOT },
  { type: 'SET_PAYMENT', paymentMethod: 'cardOnCollection' },
  { type: 'SUBMIT' },
  { type: 'NEW_ORDER' },
];

/** The invoked calls in flight: [region, state, actor]. */
const inFlight: ReadonlyArray<[string, string, ActorId]> = [
  ['slots', 'loading', 'loadSlots'],
  ['zone', 'checking', 'checkPostcode'],
  ['order', 'placing', 'placeOrder'],
];

function modelEvents(snapshot: PhoneOrderSnapshot): ExploredEvent[] {
  const events: ExploredEvent[] = [...staffEvents];
  const value = snapshot.value as Record<string, string>;
  for (const [region, state, actorId] of inFlight) {
    if (value[region] !== state) continue;
    const id = actorId;
    if (actorId === 'loadSlots') events.push({ type: `xstate.done.actor.${id}`, output: slots });
    if (actorId === 'checkPostcode') events.push({ type: `xstate.done.actor.${id}`, output: zoneAnswer });
    if (actorId === 'placeOrder') events.push({ type: `xstate.done.actor.${id}`, output: placedTicket }, { type: `xstate.error.actor.${id}`, error: slotFull }, { type: `xstate.error.actor.${id}`, error: keySpent });
    events.push({ type: `xstate.error.actor.${id}`, error: noResponse });
  }
  return events;
}

export function serializeState(snapshot: PhoneOrderSnapshot): string {
  const { draft, failures, errorMessage } = snapshot.context;
  // The regions' states and what the rules read; the choices each event sets are checked step by step instead.
  return JSON.stringify({
    value: snapshot.value,
    orderType: draft.orderType,
    lines: draft.lines.length > 0,
    postcode: draft.postcode !== '',
    card: draft.paymentMethod === 'cardOnCollection',
    failures: failures.map((failure) => failure.field),
    // The lost answer's message apart from the others: the key's being spent is a message too.
    errorMessage: errorMessage === undefined ? null : errorMessage === NO_ANSWER_MESSAGE ? 'noAnswer' : 'other',
  });
}

function describeStep(event: ExploredEvent): string {
  if (event.type.startsWith('xstate.done.actor.')) return `answer ${event.type.split('.').at(-1)}`;
  if (event.type.startsWith('xstate.error.actor.')) {
    const { error } = event as { error: unknown };
    return `${error === noResponse ? 'no answer to' : error === keySpent ? 'key spent for' : 'refuse'} ${event.type.split('.').at(-1)}`;
  }
  if (event.type === 'SET_ORDER_TYPE') return event.orderType === OrderType.Delivery ? 'delivery' : 'collection';
  return event.type;
}

const paths = getShortestPaths(phoneOrderMachine, {
  events: (snapshot) => modelEvents(snapshot) as PhoneOrderEvent[],
  serializeState,
});

export const phoneOrderShortestPaths: PathSet<PhoneOrderSnapshot, PhoneOrderEvent> = {
  machine: 'machines/kitchen/phoneOrderMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/phoneOrder.paths.test.ts',
  suite: 'phone order statechart: generated shortest paths',
  paths: paths.map((path: StatePath<PhoneOrderSnapshot, PhoneOrderEvent>) => ({
    name: path.steps.slice(1).map(({ event }) => describeStep(event as ExploredEvent)).join(' → ') || 'start',
    path,
  })),
};
