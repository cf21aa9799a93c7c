import type { StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHIME_INTERVAL_MS, kitchenAlertMachine, type KitchenAlertEvent, type KitchenAlertSnapshot } from '../../machines/kitchen/kitchenAlertMachine';
import { kitchenAlertRingingPaths, kitchenAlertShortestPaths, kitchenAlertSimplePaths, tick, traversal, type ExploredEvent } from './kitchenAlert.paths';

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

const shortestPaths = kitchenAlertShortestPaths.paths.map(({ path }) => path);

describe(kitchenAlertShortestPaths.suite, () => {
  it('reach standby, quiet and ringing, muted and not, with none, one and more new orders', () => {
    const reached = new Set(shortestPaths.map((path) => traversal.serializeState(path.state)));
    // Standby with 0, 1 or 2 orders; quiet with none (muted or not) or muted with 1 or 2; ringing with 1 or 2.
    expect(reached.size).toBe(9);
    expect(shortestPaths.some((path) => path.state.hasTag('ringing') && path.state.context.newOrders === 2)).toBe(true);
  });

  for (const { name, path } of [...kitchenAlertShortestPaths.paths, ...kitchenAlertSimplePaths.paths, ...kitchenAlertRingingPaths.paths]) {
    it(name, () => replay(path));
  }
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
