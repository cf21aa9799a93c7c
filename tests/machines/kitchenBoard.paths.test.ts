import type { StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type NonReducibleUnknown } from 'xstate';
import {
  actionErrorMessage,
  kitchenBoardMachine,
  newOrdersOf,
  POLL_INTERVAL_MS,
  type KitchenBoardEvent,
  type KitchenBoardSnapshot,
  type KitchenOrderList,
  type KitchenTicket,
} from '../../machines/kitchen/kitchenBoardMachine';
import type { KitchenStatusValue } from '../../src/domain/orderEnums';
import {
  actorIdOf,
  commands,
  isFetching,
  kitchenBoardShortestPaths,
  serializeState,
  theList,
  valueOf,
  type ActorId,
  type ExploredEvent,
} from './kitchenBoard.paths';
import { acceptedOrder, cookingOrder, listOf, noResponse, ORDER_REF, refusedAction, refusedOrder, updatedOrder } from './kitchenServerAnswers';

const paths = kitchenBoardShortestPaths.paths.map(({ path }) => path);

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
      refuseOrder: waiting<KitchenTicket, { orderRef: string; reason: string; unavailableLines: number[] }>('refuseOrder'),
      setStatus: waiting<KitchenTicket, { orderRef: string; kitchenStatus: KitchenStatusValue }>('setStatus'),
    },
  });
  const clock = new SimulatedClock();
  return { actor: createActor(machine, { clock }), clock, pending };
}

// XState hands a settled promise to the machine on a later microtask; a macrotask is past all of them.
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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

describe(kitchenBoardShortestPaths.suite, () => {
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

  for (const { name, path } of kitchenBoardShortestPaths.paths) it(name, () => replay(path));
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
