import type { StatePath } from '@xstate/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type Actor } from 'xstate';
import {
  TRACKING_POLL_INTERVAL_MS,
  trackingMachine,
  type ActiveOrder,
  type TrackingEvent,
  type TrackingSnapshot,
} from '../../machines/tracking/trackingMachine';
import { AcceptanceStatus, KitchenStatus } from '../../src/domain/orderEnums';
import {
  activeOrder,
  describePath,
  ORDER_ID,
  OTHER_ORDER_ID,
  serializeState,
  SERVER_ANSWERS,
  trackingShortestPaths,
  trackingWatchingPaths,
  unknownOrder,
  type Step,
} from './tracking.paths';

const paths = trackingShortestPaths.paths.map(({ path }) => path);
const watchingPaths = trackingWatchingPaths.paths.map(({ path }) => path);

/** The design note's rule, written out independently of isFinalOrderState: nothing more can happen to the order. */
const expectedFinal = (order: ActiveOrder) =>
  order.cancelled ||
  order.orderStatus === AcceptanceStatus.Refused ||
  ([KitchenStatus.Completed, KitchenStatus.Cancelled, KitchenStatus.Refunded] as number[]).includes(order.currentStatus);

function expectConsistent(snapshot: TrackingSnapshot) {
  const state = snapshot.value as string;
  const { order } = snapshot.context;
  expect(snapshot.hasTag('busy')).toBe(state === 'reading');
  expect(snapshot.hasTag('polling')).toBe(state === 'active');
  expect(snapshot.hasTag('ended')).toBe(state === 'finished');
  expect(snapshot.can({ type: 'CHECK' })).toBe(state === 'active' || state === 'failed');
  if (state === 'active') expect(expectedFinal(order!)).toBe(false);
  if (state === 'finished') expect(expectedFinal(order!)).toBe(true);
  if (state === 'failed') expect(snapshot.context.error).toEqual(unknownOrder);
}

type PendingCall = { input: { orderId: string }; resolve(output: ActiveOrder): void; reject(error: unknown): void };

function harness() {
  const pending: PendingCall[] = [];
  const machine = trackingMachine.provide({
    actors: {
      getActiveOrder: fromPromise<ActiveOrder, { orderId: string }>(({ input }) => new Promise((resolve, reject) => pending.push({ input, resolve, reject }))),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, pending };
}

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let running: Actor<typeof trackingMachine> | undefined;
afterEach(() => running?.stop());

async function replay(path: StatePath<TrackingSnapshot, TrackingEvent>) {
  const { actor, clock, pending } = harness();
  running = actor;
  for (const step of path.steps.slice(1)) {
    const event = step.event as Step;
    if (event.type === 'xstate.done.actor.getActiveOrder' || event.type === 'xstate.error.actor.getActiveOrder') {
      const call = pending.at(-1);
      expect(call, 'a read is in flight').toBeDefined();
      expect(call!.input).toEqual({ orderId: actor.getSnapshot().context.orderId });
      if ('output' in event) call!.resolve(event.output);
      else call!.reject(event.error);
      await settled();
    } else if (event.type === 'xstate.after.trackingPoll.tracking.active') {
      const reads = pending.length;
      clock.increment(TRACKING_POLL_INTERVAL_MS - 1);
      expect(actor.getSnapshot().value).toBe('active');
      expect(pending).toHaveLength(reads);
      clock.increment(1);
      expect(pending).toHaveLength(reads + 1);
    } else {
      actor.send(event);
    }
    expect(serializeState(actor.getSnapshot())).toBe(serializeState(step.state));
    expectConsistent(actor.getSnapshot());
  }
}

describe(trackingShortestPaths.suite, () => {
  it('reach every state, and every answer the server can give', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['idle', 'reading', 'active', 'failed', 'finished']));
    for (const answer of SERVER_ANSWERS) expect(paths.some((path) => JSON.stringify(path.state.context.order) === JSON.stringify(answer))).toBe(true);
  });

  for (const { name, path } of trackingShortestPaths.paths) it(name, () => replay(path));
});

describe(trackingWatchingPaths.suite, () => {
  it('follow the kitchen through the 10-second polls', () => {
    const completed = watchingPaths.find((path) => path.state.matches('finished') && path.state.context.order?.currentStatus === KitchenStatus.Completed);
    expect(describePath(completed!)).toBe(`TRACK(${ORDER_ID}) → getActiveOrder → Accepted/Completed`);
    expect(watchingPaths.some((path) => describePath(path).includes('10 s pass'))).toBe(true);
  });

  for (const { name, path } of trackingWatchingPaths.paths) it(name, () => replay(path));
});

describe('tracking statechart on a simulated clock', () => {
  it('reads every 10 seconds while the order is active: nothing at 9.999 s, a read at 10 s; stops once it is final', async () => {
    const { actor, clock, pending } = harness();
    running = actor;
    actor.send({ type: 'TRACK', orderId: ORDER_ID });
    const progress = [KitchenStatus.Ordered, KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.OutForDelivery];
    for (const [index, status] of progress.entries()) {
      pending.at(-1)!.resolve(activeOrder(status));
      await settled();
      expect(actor.getSnapshot().value).toBe('active');
      clock.increment(9_999);
      expect(pending).toHaveLength(index + 1);
      clock.increment(1);
      expect(pending).toHaveLength(index + 2);
    }
    pending.at(-1)!.resolve(activeOrder(KitchenStatus.Completed));
    await settled();
    expect(actor.getSnapshot().value).toBe('finished');
    clock.increment(60_000);
    expect(pending).toHaveLength(progress.length + 1);
    // Asking again for a finished order reads nothing.
    actor.send({ type: 'TRACK', orderId: ORDER_ID });
    expect(pending).toHaveLength(progress.length + 1);
  });

  it('stops reading on an error until CHECK', async () => {
    const { actor, clock, pending } = harness();
    running = actor;
    actor.send({ type: 'TRACK', orderId: ORDER_ID });
    pending.at(-1)!.reject(unknownOrder);
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    clock.increment(60_000);
    expect(pending).toHaveLength(1);
    actor.send({ type: 'CHECK' });
    expect(pending).toHaveLength(2);
  });

  it('keeps the last answer on screen while the order is read again', async () => {
    const { actor, pending } = harness();
    running = actor;
    actor.send({ type: 'TRACK', orderId: ORDER_ID });
    pending.at(-1)!.resolve(activeOrder(KitchenStatus.Cooking));
    await settled();
    actor.send({ type: 'TRACK', orderId: ORDER_ID });
    expect(actor.getSnapshot().value).toBe('reading');
    expect(actor.getSnapshot().context.order?.currentStatus).toBe(KitchenStatus.Cooking);
    actor.send({ type: 'TRACK', orderId: OTHER_ORDER_ID });
    expect(actor.getSnapshot().context.order).toBeUndefined();
    expect(pending.at(-1)!.input).toEqual({ orderId: OTHER_ORDER_ID });
  });
});
