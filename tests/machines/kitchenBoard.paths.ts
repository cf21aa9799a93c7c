import { getShortestPaths, type StatePath } from '@xstate/graph';
import { kitchenBoardMachine, type KitchenBoardEvent, type KitchenBoardSnapshot, type KitchenCommand, type KitchenTicket } from '../../machines/kitchen/kitchenBoardMachine';
import { KitchenStatus } from '../../src/domain/orderEnums';
import type { PathSet } from '../paths/catalogue';
import { acceptedOrder, cookingOrder, listOf, newOrder, noResponse, ORDER_REF, refusedAction, refusedOrder, updatedOrder } from './kitchenServerAnswers';

export type ActionActorId = 'acceptOrder' | 'proposeTime' | 'refuseOrder' | 'setStatus';
export type ActorId = 'listOrders' | ActionActorId;
export type Answer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };
type Tick = { type: `xstate.after.POLL_INTERVAL.${string}` };
export type ExploredEvent = KitchenBoardEvent | Answer | Tick;

export const commands: KitchenCommand[] = [
  { type: 'ACCEPT', orderRef: ORDER_REF },
  { type: 'PROPOSE_TIME', orderRef: ORDER_REF, updateTime: updatedOrder.updateTime },
  { type: 'REFUSE', orderRef: ORDER_REF, reason: 'Item unavailable', unavailableLines: [0] },
  { type: 'SET_STATUS', orderRef: ORDER_REF, kitchenStatus: KitchenStatus.Cooking },
];

/** What the server answers each action with when it succeeds: the order's ticket after the change. */
const ticketAfter: Record<ActionActorId, KitchenTicket> = {
  acceptOrder: acceptedOrder,
  proposeTime: updatedOrder,
  refuseOrder: refusedOrder,
  setStatus: cookingOrder,
};

const actionActorIn: Record<string, ActionActorId> = {
  accepting: 'acceptOrder',
  proposingTime: 'proposeTime',
  refusing: 'refuseOrder',
  settingStatus: 'setStatus',
};

export const theList = listOf([newOrder]);

export function valueOf(snapshot: KitchenBoardSnapshot) {
  return snapshot.value as { connection: { online?: string; offline?: string }; actions: string };
}

export const isFetching = (snapshot: KitchenBoardSnapshot) => snapshot.matches({ connection: { online: 'fetching' } }) || snapshot.matches({ connection: { offline: 'fetching' } });

/**
 * The calls' answers and the clock's ticks are part of the model, offered only when they can happen: a list or a
 * failed read while a read is in flight, each action's success or refusal (with and without a response) while it
 * is in flight, the 5-second tick while the board waits.
 */
function modelEvents(snapshot: KitchenBoardSnapshot): ExploredEvent[] {
  const events: ExploredEvent[] = [];
  if (snapshot.matches({ actions: 'ready' })) events.push(...commands);
  if (isFetching(snapshot)) {
    events.push({ type: 'xstate.done.actor.listOrders', output: theList }, { type: 'xstate.error.actor.listOrders', error: noResponse });
  }
  const actorId = actionActorIn[valueOf(snapshot).actions];
  if (actorId) {
    events.push(
      { type: `xstate.done.actor.${actorId}`, output: ticketAfter[actorId] },
      { type: `xstate.error.actor.${actorId}`, error: refusedAction },
      { type: `xstate.error.actor.${actorId}`, error: noResponse },
    );
  }
  if (snapshot.matches({ connection: { online: 'waiting' } })) events.push({ type: 'xstate.after.POLL_INTERVAL.kitchenBoard.connection.online.waiting' });
  if (snapshot.matches({ connection: { offline: 'waiting' } })) events.push({ type: 'xstate.after.POLL_INTERVAL.kitchenBoard.connection.offline.waiting' });
  return events;
}

/** A state's identity: where each region is, and what about the list and the errors the staff would see. */
export function serializeState(snapshot: KitchenBoardSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    list: context.list === undefined ? 'none' : context.list.orders.map((order) => `${order.acceptanceStatus}/${order.kitchenStatus}`).join(','),
    pollError: context.pollError !== undefined,
    pending: context.pending?.type ?? 'none',
    actionError: context.actionErrors[ORDER_REF] ?? 'none',
  });
}

export const actorIdOf = (eventType: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(eventType)?.[1] as ActorId | undefined;

function describePath(path: StatePath<KitchenBoardSnapshot, KitchenBoardEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => {
        const explored = event as ExploredEvent;
        if (explored.type.startsWith('xstate.after.')) return 'after 5 s';
        const actorId = actorIdOf(explored.type);
        if (!actorId) return explored.type;
        if ('output' in explored) return `answer ${actorId}`;
        return `${(explored as { error: unknown }).error === noResponse ? 'no response to' : 'refuse'} ${actorId}`;
      })
      .join(' → ') || 'start'
  );
}

const paths = getShortestPaths(kitchenBoardMachine, {
  events: (snapshot) => modelEvents(snapshot) as KitchenBoardEvent[],
  serializeState,
});

export const kitchenBoardShortestPaths: PathSet<KitchenBoardSnapshot, KitchenBoardEvent> = {
  machine: 'machines/kitchen/kitchenBoardMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/kitchenBoard.paths.test.ts',
  suite: 'kitchen board statechart: generated shortest paths',
  paths: paths.map((path) => ({ name: describePath(path), path })),
};
