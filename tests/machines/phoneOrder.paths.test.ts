import type { StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  emptyDraft,
  failureAt,
  KEY_SPENT_ADVICE,
  NO_ANSWER_MESSAGE,
  NO_DISHES_MESSAGE,
  phoneOrderBody,
  phoneOrderMachine,
  type OrderTypeChoice,
  type PhoneOrder,
  type PhoneOrderEvent,
  type PhoneOrderSnapshot,
} from '../../machines/kitchen/phoneOrderMachine';
import type { components } from '../../src/api/schema.gen';
import { OrderType } from '../../src/domain/orderEnums';
import { dish, keySpent, noResponse, phoneOrderShortestPaths, placedTicket, serializeState, SLOT, slotFull, type ActorId, type ExploredEvent } from './phoneOrder.paths';

type Schemas = components['schemas'];
type PendingCall = { input: unknown; signal: AbortSignal; resolve(output: unknown): void; reject(error: unknown): void };

/** The statechart with calls that wait until the path answers them. */
function answeredByPath() {
  const pending: Record<ActorId, PendingCall[]> = { loadSlots: [], checkPostcode: [], placeOrder: [] };
  const waiting = <Output, Input>(actorId: ActorId) =>
    fromPromise<Output, Input>(
      ({ input, signal }) => new Promise<Output>((resolve, reject) => pending[actorId].push({ input, signal, resolve: resolve as (output: unknown) => void, reject })),
    );
  const machine = phoneOrderMachine.provide({
    actors: {
      loadSlots: waiting<Schemas['TimeSlots'], { orderType: OrderTypeChoice }>('loadSlots'),
      checkPostcode: waiting<Schemas['DeliveryChargeDetails'], { postcode: string }>('checkPostcode'),
      placeOrder: waiting<Schemas['KitchenTicket'], PhoneOrder>('placeOrder'),
    },
  });
  return { actor: createActor(machine), pending };
}

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const regions = (snapshot: PhoneOrderSnapshot) => snapshot.value as { order: string; slots: string; zone: string };

/** What docs/phone-orders.md promises after each step, written apart from the machine. */
function expectStep(before: PhoneOrderSnapshot, after: PhoneOrderSnapshot, event: ExploredEvent, placeCalls: PendingCall[]) {
  const draftBefore = before.context.draft;
  const draftAfter = after.context.draft;
  expect(after.hasTag('busy')).toBe(regions(after).order === 'placing');
  // Card is taken on collection only, whatever staff chose before.
  if (draftAfter.orderType === OrderType.Delivery) expect(draftAfter.paymentMethod).toBe('cash');
  const editing = regions(before).order === 'editing';
  switch (event.type) {
    case 'SET_ORDER_TYPE':
      if (editing) {
        expect(draftAfter.orderType).toBe(event.orderType);
        expect(draftAfter.asap).toBe(true);
        expect(regions(after).slots).toBe('loading');
      }
      break;
    case 'ADD_LINE':
      if (editing) expect(draftAfter.lines.reduce((count, line) => count + line.quantity, 0)).toBe(draftBefore.lines.reduce((count, line) => count + line.quantity, 0) + 1);
      break;
    case 'SET_TIME':
      if (editing) expect([draftAfter.asap, draftAfter.requestedTime]).toEqual([false, SLOT]);
      break;
    case 'SUBMIT':
      if (editing && draftBefore.lines.length === 0) {
        expect(regions(after).order).toBe('editing');
        expect(failureAt(after.context, 'orderItems')).toBe(NO_DISHES_MESSAGE);
      } else if (editing) {
        expect(regions(after).order).toBe('placing');
        expect(placeCalls.at(-1)!.input as PhoneOrder).toEqual(phoneOrderBody(draftBefore, before.context.orderKey));
      }
      break;
    case 'NEW_ORDER':
      if (regions(before).order === 'placed') {
        expect(draftAfter).toEqual({ ...emptyDraft, orderType: draftBefore.orderType });
        expect(after.context.orderKey).not.toBe(before.context.orderKey);
      }
      break;
    default:
      if (event.type === 'xstate.done.actor.placeOrder') {
        expect(regions(after).order).toBe('placed');
        expect(after.context.placed).toBeDefined();
      } else if (event.type === 'xstate.error.actor.placeOrder') {
        // A refusal keeps every choice made and shows each failure at its field.
        expect(regions(after).order).toBe('editing');
        expect(draftAfter).toEqual(draftBefore);
        const { error } = event as { error: unknown };
        if (error === slotFull) expect(failureAt(after.context, 'requestedTime')).toBe(slotFull.validationErrors[0]!.message);
        if (error === noResponse) expect(after.context.errorMessage).toBe(NO_ANSWER_MESSAGE);
        // The key is kept through every failure but one: the key has placed an order already, as it was before a change.
        if (error === keySpent) {
          expect(after.context.errorMessage).toBe(`${keySpent.message} ${KEY_SPENT_ADVICE}`);
          expect(after.context.orderKey).not.toBe(before.context.orderKey);
        } else {
          expect(after.context.orderKey).toBe(before.context.orderKey);
        }
      }
  }
  // Only placing an order or finding its key spent makes a new key.
  if (event.type !== 'NEW_ORDER' && !(event.type === 'xstate.error.actor.placeOrder' && (event as { error: unknown }).error === keySpent)) {
    expect(after.context.orderKey).toBe(before.context.orderKey);
  }
  // Outside editing, staff's changes change nothing.
  if (!editing && event.type !== 'NEW_ORDER' && !event.type.startsWith('xstate.')) expect(draftAfter).toEqual(draftBefore);
}

async function replay(path: StatePath<PhoneOrderSnapshot, PhoneOrderEvent>) {
  const { actor, pending } = answeredByPath();
  actor.start();
  const [initialStep, ...steps] = path.steps;
  expect(initialStep!.event.type).toBe('xstate.init');
  try {
    for (const step of steps) {
      const event = step.event as ExploredEvent;
      const before = actor.getSnapshot();
      const actorId = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1] as ActorId | undefined;
      if (actorId) {
        const call = pending[actorId].at(-1);
        expect(call, `${actorId} is in flight`).toBeDefined();
        expect(call!.signal.aborted).toBe(false);
        if ('output' in event) call!.resolve(event.output);
        else call!.reject((event as { error: unknown }).error);
      } else {
        actor.send(event as PhoneOrderEvent);
      }
      await settled();
      const after = actor.getSnapshot();
      expect(serializeState(after)).toBe(serializeState(step.state));
      expectStep(before, after, event, pending.placeOrder);
    }
  } finally {
    actor.stop();
  }
}

describe(phoneOrderShortestPaths.suite, () => {
  it('reach placing, placed, a refusal at its field, no answer, and a delivery whose postcode is checked', () => {
    const reached = phoneOrderShortestPaths.paths.map(({ path }) => path.state);
    expect(reached.some((state) => regions(state).order === 'placed')).toBe(true);
    expect(reached.some((state) => failureAt(state.context, 'requestedTime') !== undefined)).toBe(true);
    expect(reached.some((state) => state.context.errorMessage === NO_ANSWER_MESSAGE)).toBe(true);
    expect(reached.some((state) => regions(state).zone === 'checking')).toBe(true);
    expect(reached.some((state) => state.context.errorMessage?.endsWith(KEY_SPENT_ADVICE))).toBe(true);
    expect(reached.some((state) => state.context.draft.paymentMethod === 'cardOnCollection')).toBe(true);
  });

  for (const { name, path } of phoneOrderShortestPaths.paths) it(name, () => replay(path));
});

describe("the phone order's key", () => {
  it('is sent again after a lost answer and a refusal, and is new for the next order and for every form', async () => {
    const { actor, pending } = answeredByPath();
    actor.start();
    try {
      actor.send({ type: 'ADD_LINE', line: dish });
      const keys: string[] = [];
      const attempt = async (answer: (call: PendingCall) => void) => {
        actor.send({ type: 'SUBMIT' });
        const call = pending.placeOrder.at(-1)!;
        keys.push((call.input as PhoneOrder).idempotencyKey!);
        answer(call);
        await settled();
      };
      await attempt((call) => call.reject(noResponse));
      await attempt((call) => call.reject(slotFull));
      await attempt((call) => call.resolve(placedTicket));
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);

      actor.send({ type: 'NEW_ORDER' });
      actor.send({ type: 'ADD_LINE', line: dish });
      await attempt((call) => call.reject(keySpent));
      await attempt((call) => call.resolve(placedTicket));
      expect(keys[3]).not.toBe(keys[0]);
      expect(keys[4]).not.toBe(keys[3]);
      expect(answeredByPath().actor.getSnapshot().context.orderKey).not.toBe(keys[4]);
    } finally {
      actor.stop();
    }
  });
});
