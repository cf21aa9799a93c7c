import { getShortestPaths, type StatePath } from '@xstate/graph';
import {
  acceptanceMachine,
  type AcceptanceEvent,
  type AcceptanceSnapshot,
  type CancelAnswer,
  type OrderAcceptanceRequest,
} from '../../machines/acceptance/acceptanceMachine';
import type { ApiError } from '../../src/domain/apiErrors';
import { AcceptanceStatus } from '../../src/domain/orderEnums';
import type { PathSet } from '../paths/catalogue';

export const ORDER = { basketId: 'basket-7f3a', orderRef: 'order-9c1e' };
export const noResponse: ApiError = { message: 'The service is temporarily unavailable', validationErrors: [] };
export const alreadyAccepted: ApiError = {
  status: 400,
  message: 'The restaurant has already accepted your order. Please phone 0113 496 0123 to change it.',
  validationErrors: [],
};

export function requestWith(orderStatus: number, changes: Partial<OrderAcceptanceRequest> = {}): OrderAcceptanceRequest {
  return {
    orderBuilderId: ORDER.basketId,
    orderRef: ORDER.orderRef,
    orderStatus: orderStatus as OrderAcceptanceRequest['orderStatus'],
    updateTime: orderStatus === AcceptanceStatus.Updated ? '2026-11-22T19:45:00.000Z' : '2026-11-22T19:00:00.000Z',
    cancelled: false,
    refusalReason: orderStatus === AcceptanceStatus.Refused ? 'We are out of duck tonight' : null,
    unavailableItems: [],
    payment: { method: 'card', money: 'held', amount: 12.5 },
    ...changes,
  };
}

export type ActorId = 'createAcceptance' | 'getAcceptanceDetails' | 'acceptNewTime' | 'cancelOrder';
export type Answer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };
/** The ten seconds of a poll passing, as the statechart's delayed event names it. */
type PollDue = { type: `xstate.after.acceptancePoll.acceptance.${'requested' | 'updated'}` };
export type Step = AcceptanceEvent | Answer | PollDue;

const customerEvents: AcceptanceEvent[] = [
  { type: 'START', order: ORDER },
  { type: 'RESUME', order: ORDER },
  { type: 'CHECK' },
  { type: 'ACCEPT_NEW_TIME' },
  { type: 'CANCEL' },
  { type: 'CONFIRM_CANCEL' },
  { type: 'KEEP_ORDER' },
];

const done = (id: ActorId, output: unknown): Answer => ({ type: `xstate.done.actor.${id}`, output });
const failure = (id: ActorId, error: unknown): Answer => ({ type: `xstate.error.actor.${id}`, error });

/** What the server may answer to the call in flight: every status the request can have, or a failure. */
function answersFor(snapshot: AcceptanceSnapshot): Answer[] {
  if (snapshot.matches('creating')) return [done('createAcceptance', requestWith(AcceptanceStatus.Requested)), failure('createAcceptance', noResponse)];
  if (snapshot.matches('checking')) {
    return [
      ...Object.values(AcceptanceStatus).map((status) => done('getAcceptanceDetails', requestWith(status))),
      done('getAcceptanceDetails', requestWith(AcceptanceStatus.Requested, { cancelled: true })),
      failure('getAcceptanceDetails', noResponse),
    ];
  }
  if (snapshot.matches('acceptingNewTime')) return [done('acceptNewTime', requestWith(AcceptanceStatus.Accepted)), failure('acceptNewTime', noResponse)];
  if (snapshot.matches('cancelling')) {
    return [done('cancelOrder', { OrderCancelled: true } satisfies CancelAnswer), done('cancelOrder', { OrderCancelled: false }), failure('cancelOrder', alreadyAccepted)];
  }
  return [];
}

function pollsDue(snapshot: AcceptanceSnapshot): PollDue[] {
  if (snapshot.matches('requested')) return [{ type: 'xstate.after.acceptancePoll.acceptance.requested' }];
  if (snapshot.matches('updated')) return [{ type: 'xstate.after.acceptancePoll.acceptance.updated' }];
  return [];
}

export function serializeState(snapshot: AcceptanceSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    status: context.request?.orderStatus,
    cancelled: context.request?.cancelled,
    error: context.error !== undefined,
  });
}

function pathsOf(events: AcceptanceEvent[]) {
  return getShortestPaths(acceptanceMachine, {
    events: (snapshot) => [...events, ...answersFor(snapshot), ...pollsDue(snapshot)] as unknown as AcceptanceEvent[],
    serializeState,
  });
}

export const actorIdOf = (type: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(type)?.[1] as ActorId | undefined;
export const isAnswer = (step: Step): step is Answer => actorIdOf(step.type) !== undefined;

export function describePath(path: StatePath<AcceptanceSnapshot, AcceptanceEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => {
        const step = event as Step;
        if (isAnswer(step)) {
          const actorId = actorIdOf(step.type)!;
          if (!('output' in step)) return `fail ${actorId}`;
          const output = step.output as Partial<OrderAcceptanceRequest & CancelAnswer>;
          if ('OrderCancelled' in output) return `${actorId} → OrderCancelled ${output.OrderCancelled}`;
          const status = Object.entries(AcceptanceStatus).find(([, value]) => value === output.orderStatus)?.[0];
          return `${actorId} → ${output.cancelled ? 'cancelled' : status}`;
        }
        if (step.type.startsWith('xstate.after.')) return '10 s pass';
        return step.type;
      })
      .join(' → ') || 'start'
  );
}


const setOf = (suite: string, paths: Array<StatePath<AcceptanceSnapshot, AcceptanceEvent>>): PathSet<AcceptanceSnapshot, AcceptanceEvent> => ({
  machine: 'machines/acceptance/acceptanceMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/acceptance.paths.test.ts',
  suite,
  paths: paths.map((path) => ({ name: describePath(path), path })),
});

export const acceptanceShortestPaths = setOf('acceptance statechart: generated shortest paths', pathsOf(customerEvents));
/** A customer who only watches the page: every read of the request is the 10-second poll's. */
export const acceptanceWatchingPaths = setOf(
  'acceptance statechart: generated shortest paths of a customer who only watches',
  pathsOf(customerEvents.filter((event) => event.type !== 'CHECK' && event.type !== 'RESUME')),
);
