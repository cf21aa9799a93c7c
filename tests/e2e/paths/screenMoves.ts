import { getShortestPaths, type StatePath } from '@xstate/graph';
import type { ActorLogic, AnyMachineSnapshot, EventObject } from 'xstate';

type Path<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> = StatePath<TSnapshot, TEvent>;

/** The shortest path given for each key. */
export function shortestPerKey<TPath extends { steps: unknown[] }>(keyed: Array<readonly [string, TPath]>): TPath[] {
  // A Map keeps the last path given for a key: longest first, that is the shortest.
  return [...new Map([...keyed].sort(([, a], [, b]) => b.steps.length - a.steps.length)).values()];
}

/**
 * The customer's `step` from the screen `prefix` reaches, and the answers that follow it to the next screen (the
 * shortest way there, through states the customer does not stand at), as one path from the start; undefined when the
 * answers lead to no screen. `next` is the state `step` leads to.
 */
export function moveFrom<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  logic: ActorLogic<TSnapshot, TEvent>,
  traversal: { events: (snapshot: TSnapshot) => TEvent[]; serializeState: (snapshot: TSnapshot) => string },
  isResting: (snapshot: TSnapshot) => boolean,
  prefix: Path<TSnapshot, TEvent>,
  step: TEvent,
  next: TSnapshot,
): Path<TSnapshot, TEvent> | undefined {
  const onward = getShortestPaths(logic, { ...traversal, fromState: next, toState: isResting })
    .filter((path) => path.steps.slice(1, -1).every(({ state }) => !isResting(state)))
    .sort((a, b) => a.steps.length - b.steps.length)[0];
  if (onward === undefined) return undefined;
  return { ...onward, steps: [...prefix.steps, { state: next, event: step }, ...onward.steps.slice(1)], weight: prefix.weight + 1 + onward.weight };
}

/** The paths no other path begins with (a longer one checks each screen on its way), each once. */
export function withoutPrefixes<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(paths: Array<Path<TSnapshot, TEvent>>): Array<Path<TSnapshot, TEvent>> {
  const events = paths.map((path) => path.steps.map((step) => JSON.stringify(step.event)));
  const begins = (long: string[], short: string[]) => short.length <= long.length && short.every((event, index) => long[index] === event);
  return paths.filter((_, index) =>
    events.every((other, otherIndex) => otherIndex === index || !begins(other, events[index]!) || (other.length === events[index]!.length && otherIndex > index)),
  );
}
