import { getShortestPaths, type StatePath } from '@xstate/graph';
import { trackingMachine, type ActiveOrder, type TrackingEvent, type TrackingSnapshot } from '../../machines/tracking/trackingMachine';
import type { ApiError } from '../../src/domain/apiErrors';
import { AcceptanceStatus, KitchenStatus, OrderType } from '../../src/domain/orderEnums';
import type { PathSet } from '../paths/catalogue';

export const ORDER_ID = 'order-4b2d';
export const OTHER_ORDER_ID = 'order-8e0f';
export const unknownOrder: ApiError = { status: 400, message: 'We cannot find this order', validationErrors: [] };

export function activeOrder(currentStatus: number, orderStatus: number = AcceptanceStatus.Accepted, cancelled = false): ActiveOrder {
  return {
    orderRef: ORDER_ID,
    currentStatus: currentStatus as ActiveOrder['currentStatus'],
    orderStatus: orderStatus as ActiveOrder['orderStatus'],
    orderType: OrderType.Delivery,
    updateTime: '2026-11-22T19:30:00.000Z',
    cancelled,
    refusalReason: orderStatus === AcceptanceStatus.Refused ? 'Too busy tonight' : null,
  };
}

/** What GET /order/GetActiveOrder may answer, from waiting for the restaurant to every kitchen status. */
export const SERVER_ANSWERS: ActiveOrder[] = [
  activeOrder(KitchenStatus.Ordered, AcceptanceStatus.Requested),
  ...Object.values(KitchenStatus).map((status) => activeOrder(status)),
  activeOrder(KitchenStatus.Cancelled, AcceptanceStatus.Refused),
  activeOrder(KitchenStatus.Cancelled, AcceptanceStatus.Requested, true),
];

type Answer = { type: 'xstate.done.actor.getActiveOrder'; output: ActiveOrder } | { type: 'xstate.error.actor.getActiveOrder'; error: unknown };
type PollDue = { type: 'xstate.after.trackingPoll.tracking.active' };
export type Step = TrackingEvent | Answer | PollDue;

const customerEvents: TrackingEvent[] = [{ type: 'TRACK', orderId: ORDER_ID }, { type: 'TRACK', orderId: OTHER_ORDER_ID }, { type: 'CHECK' }];

function stepsFor(snapshot: TrackingSnapshot, events: TrackingEvent[]): Step[] {
  const steps: Step[] = [...events];
  if (snapshot.matches('reading')) {
    steps.push(...SERVER_ANSWERS.map((output): Answer => ({ type: 'xstate.done.actor.getActiveOrder', output })));
    steps.push({ type: 'xstate.error.actor.getActiveOrder', error: unknownOrder });
  }
  if (snapshot.matches('active')) steps.push({ type: 'xstate.after.trackingPoll.tracking.active' });
  return steps;
}

export function serializeState(snapshot: TrackingSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify({ value: snapshot.value, orderId: context.orderId, order: context.order, error: context.error !== undefined });
}

const pathsOf = (eventsIn: (snapshot: TrackingSnapshot) => TrackingEvent[]) =>
  getShortestPaths(trackingMachine, { events: (snapshot) => stepsFor(snapshot, eventsIn(snapshot)) as unknown as TrackingEvent[], serializeState });

export function describePath(path: StatePath<TrackingSnapshot, TrackingEvent>): string {
  return (
    path.steps
      .slice(1)
      .map(({ event }) => {
        const step = event as Step;
        if (step.type === 'xstate.error.actor.getActiveOrder') return `fail getActiveOrder (${(step.error as ApiError).message})`;
        if (step.type === 'xstate.done.actor.getActiveOrder') {
          const { currentStatus, orderStatus, cancelled } = step.output;
          const kitchen = Object.entries(KitchenStatus).find(([, value]) => value === currentStatus)?.[0];
          const acceptance = Object.entries(AcceptanceStatus).find(([, value]) => value === orderStatus)?.[0];
          return `getActiveOrder → ${acceptance}/${kitchen}${cancelled ? '/cancelled by the customer' : ''}`;
        }
        if (step.type === 'xstate.after.trackingPoll.tracking.active') return '10 s pass';
        if (step.type === 'TRACK') return `TRACK(${step.orderId})`;
        return step.type;
      })
      .join(' → ') || 'start'
  );
}

const setOf = (suite: string, paths: Array<StatePath<TrackingSnapshot, TrackingEvent>>): PathSet<TrackingSnapshot, TrackingEvent> => ({
  machine: 'machines/tracking/trackingMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/tracking.paths.test.ts',
  suite,
  paths: paths.map((path) => ({ name: describePath(path), path })),
});

export const trackingShortestPaths = setOf('tracking statechart: generated shortest paths', pathsOf(() => customerEvents));
/** A customer who opens /track and only watches: every read after the first is the 10-second poll's. */
export const trackingWatchingPaths = setOf(
  'tracking statechart: generated shortest paths of a customer who only watches',
  pathsOf((snapshot) => (snapshot.matches('idle') ? [{ type: 'TRACK', orderId: ORDER_ID }] : [])),
);
