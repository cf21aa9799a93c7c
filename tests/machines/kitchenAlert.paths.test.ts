import type { StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHIME_INTERVAL_MS, kitchenAlertMachine, unacknowledgedOf, type KitchenAlertEvent, type KitchenAlertSnapshot } from '../../machines/kitchen/kitchenAlertMachine';
import { kitchenAlertRingingPaths, kitchenAlertShortestPaths, kitchenAlertSimplePaths, tick, traversal, type ExploredEvent } from './kitchenAlert.paths';

type Sound = 'off' | 'blocked' | 'on' | 'muted';
type Expected = { sound: Sound; waiting: readonly string[]; acknowledged: readonly string[] };

/** The design note's alert, written independently of the machine: what is announced, whether it rings, and whether a step chimes. */
const announced = (expected: Expected) => expected.waiting.filter((orderRef) => !expected.acknowledged.includes(orderRef));
const rings = (expected: Expected) => expected.sound === 'on' && announced(expected).length > 0;

function soundAfter(sound: Sound, event: ExploredEvent): Sound {
  if (event.type === 'SOUND_ON' && (sound === 'off' || sound === 'blocked')) return 'on';
  if (event.type === 'SOUND_BLOCKED') return 'blocked';
  // Muting belongs to sound that plays: the toggle is shown only then.
  if (event.type === 'TOGGLE_MUTE' && sound === 'on') return 'muted';
  if (event.type === 'TOGGLE_MUTE' && sound === 'muted') return 'on';
  return sound;
}

function expectedAfter(current: Expected, event: ExploredEvent): { next: Expected; chimes: boolean } {
  let next: Expected = { ...current, sound: soundAfter(current.sound, event) };
  let arrived = false;
  if (event.type === 'NEW_ORDERS') {
    arrived = event.orderRefs.some((orderRef) => !current.waiting.includes(orderRef));
    next = { ...next, waiting: event.orderRefs, acknowledged: current.acknowledged.filter((orderRef) => event.orderRefs.includes(orderRef)) };
  }
  if (event.type === 'ACKNOWLEDGE') next = { ...next, acknowledged: current.waiting };
  const startsRinging = !rings(current) && rings(next);
  const repeats = rings(current) && rings(next) && (event === tick || event.type === tick.type || arrived);
  return { next, chimes: startsRinging || repeats };
}

async function replay(path: StatePath<KitchenAlertSnapshot, KitchenAlertEvent>) {
  let chimes = 0;
  const clock = new SimulatedClock();
  const actor = createActor(kitchenAlertMachine.provide({ actions: { chime: () => void (chimes += 1) } }), { clock }).start();
  let expected: Expected = { sound: 'off', waiting: [], acknowledged: [] };
  const [initialStep, ...steps] = path.steps;
  expect(initialStep!.event.type).toBe('xstate.init');
  try {
    for (const step of steps) {
      const event = step.event as ExploredEvent;
      const chimesBefore = chimes;
      if (event.type === tick.type) {
        clock.increment(CHIME_INTERVAL_MS - 1);
        expect(chimes, 'no chime before the 5 seconds are up').toBe(chimesBefore);
        clock.increment(1);
      } else {
        actor.send(event);
      }
      const { next, chimes: chimed } = expectedAfter(expected, event);
      expected = next;
      const reached = actor.getSnapshot();
      expect(traversal.serializeState(reached)).toBe(traversal.serializeState(step.state));
      expect(reached.hasTag('ringing')).toBe(rings(expected));
      expect(reached.hasTag('announcing')).toBe(announced(expected).length > 0);
      expect(unacknowledgedOf(reached.context)).toEqual(announced(expected));
      expect(reached.hasTag('soundOff')).toBe(expected.sound === 'off' || expected.sound === 'blocked');
      expect(chimes - chimesBefore).toBe(chimed ? 1 : 0);
    }
  } finally {
    actor.stop();
  }
}

const shortestPaths = kitchenAlertShortestPaths.paths.map(({ path }) => path);

describe(kitchenAlertShortestPaths.suite, () => {
  it('reach every sound state with orders announced, acknowledged and gone, and ringing for one and two orders', () => {
    const reached = shortestPaths.map((path) => path.state);
    for (const sound of ['off', 'blocked', 'on', 'muted'] as const) {
      expect(reached.some((state) => state.matches({ sound }) && state.hasTag('announcing')), sound).toBe(true);
      expect(reached.some((state) => state.matches({ sound }) && !state.hasTag('announcing') && state.context.waiting.length > 0), sound).toBe(true);
    }
    expect(reached.some((state) => state.hasTag('ringing') && unacknowledgedOf(state.context).length === 2)).toBe(true);
    expect(reached.some((state) => state.hasTag('ringing') && state.context.acknowledged.length === 1)).toBe(true);
  });

  for (const { name, path } of [...kitchenAlertShortestPaths.paths, ...kitchenAlertSimplePaths.paths, ...kitchenAlertRingingPaths.paths]) {
    it(name, () => replay(path));
  }
});

describe('kitchen alert statechart on a simulated clock', () => {
  it('announces an order and chimes every 5 seconds until staff acknowledge it; the next order starts it again', () => {
    let chimes = 0;
    const clock = new SimulatedClock();
    const actor = createActor(kitchenAlertMachine.provide({ actions: { chime: () => void (chimes += 1) } }), { clock }).start();
    actor.send({ type: 'NEW_ORDERS', orderRefs: ['a'] });
    expect(actor.getSnapshot().hasTag('announcing')).toBe(true);
    expect(chimes, 'no sound before the tap').toBe(0);
    actor.send({ type: 'SOUND_ON' });
    expect(chimes).toBe(1);
    // A simulated clock, like a real one, fires a repeating timer once per step it is moved.
    for (const expected of [2, 3, 4]) {
      clock.increment(CHIME_INTERVAL_MS);
      expect(chimes).toBe(expected);
    }
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(actor.getSnapshot().hasTag('announcing')).toBe(false);
    clock.increment(CHIME_INTERVAL_MS);
    clock.increment(CHIME_INTERVAL_MS);
    expect(chimes, 'silent once acknowledged, though the order still waits').toBe(4);
    actor.send({ type: 'NEW_ORDERS', orderRefs: ['b', 'a'] });
    expect(unacknowledgedOf(actor.getSnapshot().context)).toEqual(['b']);
    expect(chimes).toBe(5);
    clock.increment(CHIME_INTERVAL_MS);
    expect(chimes).toBe(6);
    actor.stop();
  });

  it('while it rings, the banner takes each order that arrives and drops each one answered, so a tap on it acknowledges only what it showed', () => {
    let chimes = 0;
    const actor = createActor(kitchenAlertMachine.provide({ actions: { chime: () => void (chimes += 1) } }), { clock: new SimulatedClock() }).start();
    actor.send({ type: 'SOUND_ON' });
    actor.send({ type: 'NEW_ORDERS', orderRefs: ['a'] });
    expect(actor.getSnapshot().hasTag('ringing')).toBe(true);
    actor.send({ type: 'NEW_ORDERS', orderRefs: ['b', 'a'] });
    expect(unacknowledgedOf(actor.getSnapshot().context)).toEqual(['b', 'a']);
    expect(chimes, 'a chime for each arrival').toBe(2);
    // 'a' answered at another tablet, 'c' new.
    actor.send({ type: 'NEW_ORDERS', orderRefs: ['c', 'b'] });
    expect(unacknowledgedOf(actor.getSnapshot().context)).toEqual(['c', 'b']);
    actor.send({ type: 'ACKNOWLEDGE' });
    actor.send({ type: 'NEW_ORDERS', orderRefs: ['d', 'c', 'b'] });
    expect(unacknowledgedOf(actor.getSnapshot().context), 'an order the banner never showed is announced').toEqual(['d']);
    actor.stop();
  });
});
