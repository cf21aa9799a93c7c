import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHIME_INTERVAL_MS, kitchenAlertMachine, type KitchenAlertEvent, type KitchenAlertSnapshot } from '../../machines/kitchen/kitchenAlertMachine';

type Tick = { type: 'xstate.after.CHIME_INTERVAL.kitchenAlert.listening.ringing' };
type ExploredEvent = KitchenAlertEvent | Tick;

const tick: Tick = { type: 'xstate.after.CHIME_INTERVAL.kitchenAlert.listening.ringing' };

function modelEvents(snapshot: KitchenAlertSnapshot): ExploredEvent[] {
  const events: ExploredEvent[] = [
    { type: 'START' },
    { type: 'TOGGLE_MUTE' },
    { type: 'NEW_ORDERS', count: 0 },
    { type: 'NEW_ORDERS', count: 1 },
    { type: 'NEW_ORDERS', count: 2 },
  ];
  // The 10-second tick exists only while the alert rings.
  if (snapshot.hasTag('ringing')) events.push(tick);
  return events;
}

const traversal = {
  events: (snapshot: KitchenAlertSnapshot) => modelEvents(snapshot) as KitchenAlertEvent[],
  serializeState: (snapshot: KitchenAlertSnapshot) => JSON.stringify({ value: snapshot.value, ...snapshot.context }),
};

type Expected = { started: boolean; muted: boolean; newOrders: number };

/** The design note's alert, written independently of the machine: whether it rings, and whether a step chimes. */
const rings = (expected: Expected) => expected.started && !expected.muted && expected.newOrders > 0;

function expectedAfter(current: Expected, event: ExploredEvent): { next: Expected; chimes: boolean } {
  let next = current;
  if (event.type === 'START') next = { ...current, started: true };
  // Muting belongs to the started dashboard: the toggle is shown only there.
  if (event.type === 'TOGGLE_MUTE' && current.started) next = { ...current, muted: !current.muted };
  if (event.type === 'NEW_ORDERS') next = { ...current, newOrders: event.count };
  const startsRinging = !rings(current) && rings(next);
  const repeats = rings(current) && rings(next) && (event === tick || (event.type === 'NEW_ORDERS' && event.count > current.newOrders));
  return { next, chimes: startsRinging || repeats };
}

async function replay(path: StatePath<KitchenAlertSnapshot, KitchenAlertEvent>) {
  let chimes = 0;
  const clock = new SimulatedClock();
  const actor = createActor(kitchenAlertMachine.provide({ actions: { chime: () => void (chimes += 1) } }), { clock }).start();
  let expected: Expected = { started: false, muted: false, newOrders: 0 };
  const [initialStep, ...steps] = path.steps;
  expect(initialStep!.event.type).toBe('xstate.init');
  try {
    for (const step of steps) {
      const event = step.event as ExploredEvent;
      const chimesBefore = chimes;
      if (event === tick || event.type === tick.type) {
        clock.increment(CHIME_INTERVAL_MS - 1);
        expect(chimes, 'no chime before the 10 seconds are up').toBe(chimesBefore);
        clock.increment(1);
      } else {
        actor.send(event as KitchenAlertEvent);
      }
      const { next, chimes: chimed } = expectedAfter(expected, event);
      expected = next;
      const reached = actor.getSnapshot();
      expect(traversal.serializeState(reached)).toBe(traversal.serializeState(step.state));
      expect(reached.hasTag('ringing')).toBe(rings(expected));
      expect(reached.context.newOrders).toBe(expected.newOrders);
      expect(chimes - chimesBefore).toBe(chimed ? 1 : 0);
    }
  } finally {
    actor.stop();
  }
}

function describePath(path: StatePath<KitchenAlertSnapshot, KitchenAlertEvent>): string {
  const steps = path.steps.slice(1).map(({ event }) => {
    const explored = event as ExploredEvent;
    if (explored.type === tick.type) return 'after 10 s';
    return explored.type === 'NEW_ORDERS' ? `NEW_ORDERS(${explored.count})` : explored.type;
  });
  return `${steps.join(' → ') || 'start'} ⇒ ${traversal.serializeState(path.state)}`;
}

const shortestPaths = getShortestPaths(kitchenAlertMachine, traversal);
const simplePaths = getSimplePaths(kitchenAlertMachine, traversal);

describe('kitchen alert statechart: generated paths', () => {
  it('reach standby, quiet and ringing, muted and not, with none, one and more new orders', () => {
    const reached = new Set(shortestPaths.map((path) => traversal.serializeState(path.state)));
    // Standby with 0, 1 or 2 orders; quiet with none (muted or not) or muted with 1 or 2; ringing with 1 or 2.
    expect(reached.size).toBe(9);
    expect(shortestPaths.some((path) => path.state.hasTag('ringing') && path.state.context.newOrders === 2)).toBe(true);
  });

  it.each(shortestPaths.map((path) => [describePath(path), path] as const))('shortest: %s', async (_, path) => {
    await replay(path);
  });

  it.each(simplePaths.map((path) => [describePath(path), path] as const))('simple: %s', async (_, path) => {
    await replay(path);
  });

  // The 10-second chime leads from ringing back to the same state, so no shortest or simple path takes it: every path
  // that ends ringing is replayed with two more ticks.
  const ringingPaths = shortestPaths.filter((path) => path.state.hasTag('ringing'));
  it.each(ringingPaths.map((path) => [describePath(path), path] as const))('then twice after 10 s: %s', async (_, path) => {
    const tickStep = { event: tick as unknown as KitchenAlertEvent, state: path.state };
    await replay({ ...path, steps: [...path.steps, tickStep, tickStep] });
  });
});

describe('kitchen alert statechart on a simulated clock', () => {
  it('chimes at once when started with an order waiting, then every 10 seconds until it is answered', () => {
    let chimes = 0;
    const clock = new SimulatedClock();
    const actor = createActor(kitchenAlertMachine.provide({ actions: { chime: () => void (chimes += 1) } }), { clock }).start();
    actor.send({ type: 'NEW_ORDERS', count: 1 });
    expect(chimes).toBe(0);
    actor.send({ type: 'START' });
    expect(chimes).toBe(1);
    // A simulated clock, like a real one, fires a repeating timer once per step it is moved.
    for (const expected of [2, 3, 4]) {
      clock.increment(CHIME_INTERVAL_MS);
      expect(chimes).toBe(expected);
    }
    actor.send({ type: 'NEW_ORDERS', count: 0 });
    clock.increment(CHIME_INTERVAL_MS);
    clock.increment(CHIME_INTERVAL_MS);
    expect(chimes).toBe(4);
    actor.stop();
  });
});
