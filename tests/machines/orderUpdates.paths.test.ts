import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderUpdatesMachine } from '../../machines/orderUpdates/orderUpdatesMachine';
import type { OrderUpdatesRegistration, OrderUpdatesStanding } from '../../machines/orderUpdates/orderUpdatesMachine';
import { actorIn, orderUpdatesShortestPaths, serializeState, type ActorId, type ExploredEvent, type OrderUpdatesSnapshot } from './orderUpdates.paths';

// Every shortest path of the order page's "Notify me" control, replayed on a real actor whose calls wait for the path to
// answer them: each step lands where the graph says, asks its actor for this basket, and shows itself busy only while a
// request is in flight.

type Pending = { input: { basketId: string }; resolve(output: unknown): void; reject(error: unknown): void };

function answeredByPath() {
  const pending: Record<ActorId, Pending[]> = { readStanding: [], register: [], stop: [] };
  const waiting = <Output>(actorId: ActorId) =>
    fromPromise<Output, { basketId: string }>(
      ({ input }) => new Promise<Output>((resolve, reject) => pending[actorId].push({ input, resolve: resolve as (output: unknown) => void, reject })),
    );
  const machine = orderUpdatesMachine.provide({
    actors: {
      readStanding: waiting<OrderUpdatesStanding>('readStanding'),
      register: waiting<OrderUpdatesRegistration>('register'),
      stop: waiting<void>('stop'),
    },
  });
  return { actor: createActor(machine, { input: { basketId: 'basket-1' } }), pending };
}

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function expectShown(snapshot: OrderUpdatesSnapshot) {
  const value = snapshot.value as string;
  expect(snapshot.hasTag('busy')).toBe(value === 'registering' || value === 'stopping');
  expect(snapshot.context.error !== undefined).toBe(value === 'failed' || value === 'stopFailed');
}

describe(orderUpdatesShortestPaths.suite, () => {
  it.each(orderUpdatesShortestPaths.paths.map(({ name, path }) => [name, path] as const))('%s', async (_name, path) => {
    const { actor, pending } = answeredByPath();
    actor.start();
    expect(pending.readStanding.map((call) => call.input)).toEqual([{ basketId: 'basket-1' }]);
    for (const step of path.steps.slice(1)) {
      const event = step.event as ExploredEvent;
      const state = actor.getSnapshot().value as string;
      if ('output' in event || 'error' in event) {
        const call = pending[actorIn[state]!].shift();
        expect(call?.input).toEqual({ basketId: 'basket-1' });
        if ('output' in event) call!.resolve(event.output);
        else call!.reject(event.error);
        await settled();
      } else {
        actor.send(event);
      }
      expect(serializeState(actor.getSnapshot())).toBe(serializeState(step.state));
      expectShown(actor.getSnapshot());
    }
    expect(serializeState(actor.getSnapshot())).toBe(serializeState(path.state));
    actor.stop();
  });
});
