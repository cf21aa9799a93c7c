import { getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type NonReducibleUnknown } from 'xstate';
import {
  actionErrorMessage,
  kitchenBoardMachine,
  newOrdersOf,
  POLL_INTERVAL_MS,
  type KitchenBoardEvent,
  type KitchenBoardSnapshot,
  type KitchenCommand,
  type KitchenOrderList,
  type KitchenTicket,
} from '../../machines/kitchen/kitchenBoardMachine';
import { KitchenStatus, type KitchenStatusValue } from '../../src/domain/orderEnums';
import {
  acceptedOrder,
  cookingOrder,
  listOf,
  newOrder,
  noResponse,
  ORDER_REF,
  refusedAction,
  refusedOrder,
  updatedOrder,
} from './kitchenServerAnswers';

type ActionActorId = 'acceptOrder' | 'proposeTime' | 'refuseOrder' | 'setStatus';
type ActorId = 'listOrders' | ActionActorId;
type Answer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };
type Tick = { type: `xstate.after.POLL_INTERVAL.${string}` };
type ExploredEvent = KitchenBoardEvent | Answer | Tick;

const commands: KitchenCommand[] = [
  { type: 'ACCEPT', orderRef: ORDER_REF },
  { type: 'PROPOSE_TIME', orderRef: ORDER_REF, updateTime: updatedOrder.updateTime },
  { type: 'REFUSE', orderRef: ORDER_REF, reason: 'Too busy' },
  { type: 'SET_STATUS', orderRef: ORDER_REF, kitchenStatus: KitchenStatus.Cooking },
];

/** What the server answers each action with when it succeeds: the order's ticket after the change. */
const ticketAfter: Record<ActionActorId, KitchenTicket> = {
  acceptOrder: acceptedOrder,
  proposeTime: updatedOrder,
  refuseOrder: refusedOrder,
  setStatus: cookingOrder,
};

const actionActorIn: Record<string, ActionActorId> = {
  accepting: 'acceptOrder',
  proposingTime: 'proposeTime',
  refusing: 'refuseOrder',
  settingStatus: 'setStatus',
};

const theList = listOf([newOrder]);

function valueOf(snapshot: KitchenBoardSnapshot) {
  return snapshot.value as { connection: { online?: string; offline?: string }; actions: string };
}

const isFetching = (snapshot: KitchenBoardSnapshot) => snapshot.matches({ connection: { online: 'fetching' } }) || snapshot.matches({ connection: { offline: 'fetching' } });

/**
 * The calls' answers and the clock's ticks are part of the model, offered only when they can happen: a list or a
 * failed read while a read is in flight, each action's success or refusal (with and without a response) while it
 * is in flight, the 5-second tick while the board waits.
 */
function modelEvents(snapshot: KitchenBoardSnapshot): ExploredEvent[] {
  const events: ExploredEvent[] = [];
  if (snapshot.matches({ actions: 'ready' })) events.push(...commands);
  if (isFetching(snapshot)) {
    events.push({ type: 'xstate.done.actor.listOrders', output: theList }, { type: 'xstate.error.actor.listOrders', error: noResponse });
  }
  const actorId = actionActorIn[valueOf(snapshot).actions];
  if (actorId) {
    events.push(
      { type: `xstate.done.actor.${actorId}`, output: ticketAfter[actorId] },
      { type: `xstate.error.actor.${actorId}`, error: refusedAction },
      { type: `xstate.error.actor.${actorId}`, error: noResponse },
    );
  }
  if (snapshot.matches({ connection: { online: 'waiting' } })) events.push({ type: 'xstate.after.POLL_INTERVAL.kitchenBoard.connection.online.waiting' });
  if (snapshot.matches({ connection: { offline: 'waiting' } })) events.push({ type: 'xstate.after.POLL_INTERVAL.kitchenBoard.connection.offline.waiting' });
  return events;
}

/** A state's identity: where each region is, and what about the list and the errors the staff would see. */
function serializeState(snapshot: KitchenBoardSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    list: context.list === undefined ? 'none' : context.list.orders.map((order) => `${order.acceptanceStatus}/${order.kitchenStatus}`).join(','),
    pollError: context.pollError !== undefined,
    pending: context.pending?.type ?? 'none',
    actionError: context.actionErrors[ORDER_REF] ?? 'none',
  });
}

const paths = getShortestPaths(kitchenBoardMachine, {
  events: (snapshot) => modelEvents(snapshot) as KitchenBoardEvent[],
  serializeState,
});

type PendingCall = { input: unknown; signal: AbortSignal; resolve(output: unknown): void; reject(error: unknown): void };

/** The board with calls that wait until the path answers them, and a clock that only the path moves. */
function answeredByPath() {
  const pending: Record<ActorId, PendingCall[]> = { listOrders: [], acceptOrder: [], proposeTime: [], refuseOrder: [], setStatus: [] };
  const waiting = <Output, Input>(actorId: ActorId) =>
    fromPromise<Output, Input>(
      ({ input, signal }) => new Promise<Output>((resolve, reject) => pending[actorId].push({ input, signal, resolve: resolve as (output: unknown) => void, reject })),
    );
  const machine = kitchenBoardMachine.provide({
    actors: {
      listOrders: waiting<KitchenOrderList, NonReducibleUnknown>('listOrders'),
      acceptOrder: waiting<KitchenTicket, { orderRef: string }>('acceptOrder'),
      proposeTime: waiting<KitchenTicket, { orderRef: string; updateTime: string }>('proposeTime'),
      refuseOrder: waiting<KitchenTicket, { orderRef: string; reason: string }>('refuseOrder'),
      setStatus: waiting<KitchenTicket, { orderRef: string; kitchenStatus: KitchenStatusValue }>('setStatus'),
    },
  });
  const clock = new SimulatedClock();
  return { actor: createActor(machine, { clock }), clock, pending };
}

// XState hands a settled promise to the machine on a later microtask; a macrotask is past all of them.
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const actorIdOf = (eventType: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(eventType)?.[1] as ActorId | undefined;

/** What docs/acceptance-and-kitchen.md promises after each step, written independently of the machine. */
function expectStep(before: KitchenBoardSnapshot, after: KitchenBoardSnapshot, event: ExploredEvent, listCallsBefore: number, listCallsAfter: number) {
  const offline = valueOf(after).connection.offline !== undefined;
  expect(after.hasTag('offline')).toBe(offline);
  expect(after.context.pollError !== undefined).toBe(offline);
  expect(after.hasTag('busy')).toBe(!after.matches({ actions: 'ready' }));
  expect(after.context.pending !== undefined).toBe(after.hasTag('busy'));
  expect(newOrdersOf(after).length).toBe(after.context.list?.orders.filter((order) => order.acceptanceStatus === 0 && !order.cancelled).length ?? 0);

  const actorId = actorIdOf(event.type);
  if (event.type.startsWith('xstate.after.POLL_INTERVAL')) {
    // The tick is the poll: a new read, exactly one.
    expect(isFetching(after)).toBe(true);
    expect(listCallsAfter).toBe(listCallsBefore + 1);
  } else if (actorId === 'listOrders' && 'output' in event) {
    expect(after.matches({ connection: { online: 'waiting' } })).toBe(true);
    expect(after.context.list).toEqual(theList);
  } else if (actorId === 'listOrders') {
    // A failed read keeps the last list and waits to retry.
    expect(after.matches({ connection: { offline: 'waiting' } })).toBe(true);
    expect(after.context.list).toEqual(before.context.list);
  } else if (actorId) {
    // Every action's answer is followed at once by a new read, whatever the answer.
    expect(after.matches({ actions: 'ready' })).toBe(true);
    expect(isFetching(after)).toBe(true);
    expect(listCallsAfter).toBe(listCallsBefore + 1);
    if ('output' in event) {
      expect(after.context.actionErrors[ORDER_REF]).toBeUndefined();
      if (before.context.list) expect(after.context.list?.orders).toEqual([event.output]);
    } else {
      expect(after.context.actionErrors[ORDER_REF]).toBe(actionErrorMessage((event as { error: unknown }).error));
      expect(after.context.list).toEqual(before.context.list);
    }
  } else if (event.type !== 'REFRESH') {
    // A command starts its call and clears the order's last refusal.
    expect(after.context.pending).toEqual(event);
    expect(after.context.actionErrors[ORDER_REF]).toBeUndefined();
  }
}

async function replay(path: StatePath<KitchenBoardSnapshot, KitchenBoardEvent>) {
  const { actor, clock, pending } = answeredByPath();
  actor.start();
  const [initialStep, ...steps] = path.steps;
  expect(initialStep!.event.type).toBe('xstate.init');
  try {
    for (const step of steps) {
      const event = step.event as ExploredEvent;
      const before = actor.getSnapshot();
      const listCallsBefore = pending.listOrders.length;
      const actorId = actorIdOf(event.type);
      if (actorId) {
        // The call in flight is the latest one made; earlier ones were abandoned with the state that made them.
        const call = pending[actorId].at(-1);
        expect(call, `${actorId} is in flight`).toBeDefined();
        expect(call!.signal.aborted).toBe(false);
        if ('output' in event) call!.resolve(event.output);
        else call!.reject((event as { error: unknown }).error);
      } else if (event.type.startsWith('xstate.after.POLL_INTERVAL')) {
        clock.increment(POLL_INTERVAL_MS - 1);
        expect(pending.listOrders.length, 'no read before the 5 seconds are up').toBe(listCallsBefore);
        clock.increment(1);
      } else {
        actor.send(event as KitchenBoardEvent);
      }
      await settled();
      const after = actor.getSnapshot();
      expect(serializeState(after)).toBe(serializeState(step.state));
      expectStep(before, after, event, listCallsBefore, pending.listOrders.length);
    }
  } finally {
    actor.stop();
  }
}

function describePath(path: StatePath<KitchenBoardSnapshot, KitchenBoardEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => {
        const explored = event as ExploredEvent;
        if (explored.type.startsWith('xstate.after.')) return 'after 5 s';
        const actorId = actorIdOf(explored.type);
        if (!actorId) return explored.type;
        if ('output' in explored) return `answer ${actorId}`;
        return `${(explored as { error: unknown }).error === noResponse ? 'no response to' : 'refuse'} ${actorId}`;
      })
      .join(' → ') || 'start'
  );
}

describe('kitchen board statechart: generated shortest paths', () => {
  it('reach every state of polling, offline and recovery, and every action in flight, answered and refused', () => {
    const reached = paths.map((path) => path.state);
    expect(reached.some((state) => state.hasTag('offline') && state.context.list !== undefined)).toBe(true);
    expect(reached.some((state) => state.hasTag('offline') && state.context.list === undefined)).toBe(true);
    for (const actions of ['accepting', 'proposingTime', 'refusing', 'settingStatus'] as const) {
      expect(reached.some((state) => state.matches({ actions }) && state.hasTag('offline'))).toBe(true);
    }
    for (const ticket of [acceptedOrder, updatedOrder, refusedOrder, cookingOrder]) {
      expect(reached.some((state) => state.context.list?.orders[0] === ticket)).toBe(true);
    }
    expect(reached.some((state) => state.context.actionErrors[ORDER_REF] === refusedAction.message)).toBe(true);
    expect(paths.length).toBeLessThan(1000);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await replay(path);
  });
});

describe('kitchen board statechart on a simulated clock', () => {
  it('reads the list every 5 seconds, not before', async () => {
    const { actor, clock, pending } = answeredByPath();
    actor.start();
    expect(pending.listOrders).toHaveLength(1);
    pending.listOrders[0]!.resolve(theList);
    await settled();
    for (const reads of [2, 3, 4]) {
      clock.increment(POLL_INTERVAL_MS - 1);
      expect(pending.listOrders).toHaveLength(reads - 1);
      clock.increment(1);
      expect(pending.listOrders).toHaveLength(reads);
      pending.listOrders.at(-1)!.resolve(theList);
      await settled();
    }
    actor.stop();
  });

  it('keeps the last list through a dropped connection, retries every 5 seconds and recovers on the first good read', async () => {
    const { actor, clock, pending } = answeredByPath();
    actor.start();
    pending.listOrders[0]!.resolve(theList);
    await settled();
    for (let failures = 1; failures <= 3; failures += 1) {
      clock.increment(POLL_INTERVAL_MS);
      pending.listOrders.at(-1)!.reject(noResponse);
      await settled();
      expect(actor.getSnapshot().hasTag('offline')).toBe(true);
      expect(actor.getSnapshot().context.list).toEqual(theList);
    }
    clock.increment(POLL_INTERVAL_MS);
    pending.listOrders.at(-1)!.resolve(listOf([acceptedOrder]));
    await settled();
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    expect(actor.getSnapshot().context.pollError).toBeUndefined();
    expect(actor.getSnapshot().context.list?.orders).toEqual([acceptedOrder]);
    actor.stop();
  });

  it('sends one action at a time: a second tap while one is in flight is ignored', async () => {
    const { actor, pending } = answeredByPath();
    actor.start();
    actor.send(commands[0]!);
    actor.send(commands[2]!);
    expect(pending.acceptOrder).toHaveLength(1);
    expect(pending.refuseOrder).toHaveLength(0);
    actor.stop();
  });
});
