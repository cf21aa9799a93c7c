import { getShortestPaths, type StatePath } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { orderUpdatesMachine, type OrderUpdatesEvent } from '../../machines/orderUpdates/orderUpdatesMachine';
import type { ApiError } from '../../src/domain/apiErrors';
import type { PathSet } from '../paths/catalogue';

export type OrderUpdatesSnapshot = SnapshotFrom<typeof orderUpdatesMachine>;
export type ActorId = 'readStanding' | 'register' | 'stop';
export type Answer = { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };
export type ExploredEvent = OrderUpdatesEvent | Answer;

export const refusedByServer: ApiError = { status: 400, message: 'We cannot find this order', validationErrors: [] };

/** The invoked actor of each state that waits for one, by the id XState gives an invocation without its own. */
export const actorIn: Record<string, ActorId> = { reading: 'readStanding', registering: 'register', stopping: 'stop' };
const invocationIdOf = (state: string) => `0.orderUpdates.${state}`;

/** What each actor may answer: where notifications stand, what asking found, and failures. */
const answersOf: Record<ActorId, unknown[]> = {
  readStanding: ['unavailable', 'offered', 'registered', 'denied', 'stopped'],
  register: ['registered', 'denied', 'unavailable'],
  stop: [undefined],
};

/** The customer's two buttons, and each answer the actor in flight may give, offered only when they can happen. */
function modelEvents(snapshot: OrderUpdatesSnapshot): ExploredEvent[] {
  const state = snapshot.value as string;
  const actorId = actorIn[state];
  const events: ExploredEvent[] = [{ type: 'NOTIFY' }, { type: 'STOP' }];
  if (actorId !== undefined) {
    const id = invocationIdOf(state);
    events.push(
      ...answersOf[actorId].map((output) => ({ type: `xstate.done.actor.${id}` as const, output })),
      { type: `xstate.error.actor.${id}`, error: refusedByServer },
    );
  }
  return events;
}

export const serializeState = (snapshot: OrderUpdatesSnapshot) =>
  JSON.stringify({ value: snapshot.value, error: snapshot.context.error?.message ?? 'none', answered: snapshot.context.answered });

function describePath(path: StatePath<OrderUpdatesSnapshot, OrderUpdatesEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => {
        const explored = event as ExploredEvent;
        if ('output' in explored) return `answer ${String(explored.output ?? 'done')}`;
        if ('error' in explored) return 'refused';
        return explored.type;
      })
      .join(' → ') || 'start'
  );
}

const paths = getShortestPaths(orderUpdatesMachine, {
  input: { basketId: 'basket-1' },
  events: (snapshot) => modelEvents(snapshot) as OrderUpdatesEvent[],
  serializeState,
});

export const orderUpdatesShortestPaths: PathSet<OrderUpdatesSnapshot, OrderUpdatesEvent> = {
  machine: 'machines/orderUpdates/orderUpdatesMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/orderUpdates.paths.test.ts',
  suite: 'order updates statechart: generated shortest paths',
  paths: paths.map((path) => ({ name: `${describePath(path)} ⇒ ${serializeState(path.state)}`, path })),
};
