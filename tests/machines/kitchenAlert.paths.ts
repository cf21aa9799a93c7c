import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { kitchenAlertMachine, type KitchenAlertEvent, type KitchenAlertSnapshot } from '../../machines/kitchen/kitchenAlertMachine';
import type { PathSet } from '../paths/catalogue';

type Tick = { type: 'xstate.after.CHIME_INTERVAL.kitchenAlert.listening.ringing' };
export type ExploredEvent = KitchenAlertEvent | Tick;

export const tick: Tick = { type: 'xstate.after.CHIME_INTERVAL.kitchenAlert.listening.ringing' };

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

export const traversal = {
  events: (snapshot: KitchenAlertSnapshot) => modelEvents(snapshot) as KitchenAlertEvent[],
  serializeState: (snapshot: KitchenAlertSnapshot) => JSON.stringify({ value: snapshot.value, ...snapshot.context }),
};

export function describePath(path: StatePath<KitchenAlertSnapshot, KitchenAlertEvent>): string {
  const steps = path.steps.slice(1).map(({ event }) => {
    const explored = event as ExploredEvent;
    if (explored.type === tick.type) return 'after 10 s';
    return explored.type === 'NEW_ORDERS' ? `NEW_ORDERS(${explored.count})` : explored.type;
  });
  return `${steps.join(' → ') || 'start'} ⇒ ${traversal.serializeState(path.state)}`;
}

const shortest = getShortestPaths(kitchenAlertMachine, traversal);
const simple = getSimplePaths(kitchenAlertMachine, traversal);

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

// The 10-second chime leads from ringing back to the same state, so no shortest or simple path takes it: every path
// that ends ringing is replayed with two more ticks (named after the path they extend).
function withTwoTicks(path: KitchenAlertPath): KitchenAlertPath {
  const tickStep = { event: tick as unknown as KitchenAlertEvent, state: path.state };
  return { ...path, steps: [...path.steps, tickStep, tickStep] };
}
export const kitchenAlertRingingPaths = setOf(
  shortest.filter((path) => path.state.hasTag('ringing')).map((path) => ({ name: `then twice after 10 s: ${describePath(path)}`, path: withTwoTicks(path) })),
);
