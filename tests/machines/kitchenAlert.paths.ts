import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { kitchenAlertMachine, type KitchenAlertEvent, type KitchenAlertSnapshot } from '../../machines/kitchen/kitchenAlertMachine';
import type { PathSet } from '../paths/catalogue';

type Tick = { type: 'xstate.after.CHIME_INTERVAL.kitchenAlert.sound.on.ringing' };
export type ExploredEvent = KitchenAlertEvent | Tick;

export const tick: Tick = { type: 'xstate.after.CHIME_INTERVAL.kitchenAlert.sound.on.ringing' };

// Two orders are enough to tell apart one arriving, another arriving beside it, and one leaving while another waits.
const ORDER_LISTS: readonly (readonly string[])[] = [[], ['a'], ['a', 'b'], ['b']];

function modelEvents(snapshot: KitchenAlertSnapshot, orderLists: readonly (readonly string[])[]): ExploredEvent[] {
  const events: ExploredEvent[] = [
    { type: 'SOUND_ON' },
    { type: 'SOUND_BLOCKED' },
    { type: 'TOGGLE_MUTE' },
    { type: 'ACKNOWLEDGE' },
    ...orderLists.map((orderRefs): ExploredEvent => ({ type: 'NEW_ORDERS', orderRefs })),
  ];
  // The 5-second tick exists only while the alert rings.
  if (snapshot.hasTag('ringing')) events.push(tick);
  return events;
}

const serializeState = (snapshot: KitchenAlertSnapshot) => JSON.stringify({ value: snapshot.value, ...snapshot.context });

export const traversal = {
  events: (snapshot: KitchenAlertSnapshot) => modelEvents(snapshot, ORDER_LISTS) as KitchenAlertEvent[],
  serializeState,
};

// Simple paths (every path that visits no state twice) over all four lists are too many to run: they are explored with
// one order arriving and leaving, which still walks every way through sound, mute, banner and acknowledgement.
const simpleTraversal = {
  events: (snapshot: KitchenAlertSnapshot) => modelEvents(snapshot, [[], ['a']]) as KitchenAlertEvent[],
  serializeState,
};

export function describePath(path: StatePath<KitchenAlertSnapshot, KitchenAlertEvent>): string {
  const steps = path.steps.slice(1).map(({ event }) => {
    const explored = event as ExploredEvent;
    if (explored.type === tick.type) return 'after 5 s';
    return explored.type === 'NEW_ORDERS' ? `NEW_ORDERS(${explored.orderRefs.join(',')})` : explored.type;
  });
  return `${steps.join(' → ') || 'start'} ⇒ ${serializeState(path.state)}`;
}

const shortest = getShortestPaths(kitchenAlertMachine, traversal);
const simple = getSimplePaths(kitchenAlertMachine, simpleTraversal);

type KitchenAlertPath = StatePath<KitchenAlertSnapshot, KitchenAlertEvent>;

const setOf = (paths: Array<{ name: string; path: KitchenAlertPath }>): PathSet<KitchenAlertSnapshot, KitchenAlertEvent> => ({
  machine: 'machines/kitchen/kitchenAlertMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/kitchenAlert.paths.test.ts',
  suite: 'kitchen alert statechart: generated paths',
  paths,
});

// The prefix tells apart, in the test titles, the kinds of path that share the suite.
export const kitchenAlertShortestPaths = setOf(shortest.map((path) => ({ name: `shortest: ${describePath(path)}`, path })));
export const kitchenAlertSimplePaths = setOf(simple.map((path) => ({ name: `simple: ${describePath(path)}`, path })));

// The 5-second chime leads from ringing back to the same state, so no shortest or simple path takes it: every path
// that ends ringing is replayed with two more ticks (named after the path they extend).
function withTwoTicks(path: KitchenAlertPath): KitchenAlertPath {
  const tickStep = { event: tick as unknown as KitchenAlertEvent, state: path.state };
  return { ...path, steps: [...path.steps, tickStep, tickStep] };
}
export const kitchenAlertRingingPaths = setOf(
  shortest.filter((path) => path.state.hasTag('ringing')).map((path) => ({ name: `then twice after 5 s: ${describePath(path)}`, path: withTwoTicks(path) })),
);
