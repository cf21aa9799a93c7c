import { getShortestPaths, type StatePath } from '@xstate/graph';
import { trackingMachine, type ActiveOrder, type TrackingEvent, type TrackingSnapshot } from '../../../machines/tracking/trackingMachine';
import type { ApiError } from '../../../src/domain/apiErrors';
import { AcceptanceStatus, KitchenStatus, OrderType } from '../../../src/domain/orderEnums';
import { describePath } from '../../machines/tracking.paths';
import type { PathSet } from '../../paths/catalogue';

/** The order the path's TRACK follows: in the browser, a collection order placed through the screens for the path. */
export const PLACED_ORDER = 'placed-order';
/** A reference no order has. */
export const UNKNOWN_ORDER = 'no-such-order';

type TrackingAnswer = { type: 'xstate.done.actor.getActiveOrder'; output: ActiveOrder } | { type: 'xstate.error.actor.getActiveOrder'; error: ApiError };
type TrackingPollDue = { type: 'xstate.after.trackingPoll.tracking.active' };
export type TrackingStep = TrackingEvent | TrackingAnswer | TrackingPollDue;

const unknownOrder: ApiError = { status: 400, message: 'We cannot find this order', validationErrors: [] };
const noResponse: ApiError = { message: 'The service is temporarily unavailable', validationErrors: [] };

function activeOrder(currentStatus: number, orderStatus: number = AcceptanceStatus.Accepted, cancelled = false): ActiveOrder {
  return {
    orderRef: PLACED_ORDER,
    currentStatus: currentStatus as ActiveOrder['currentStatus'],
    orderStatus: orderStatus as ActiveOrder['orderStatus'],
    orderType: OrderType.Collection,
    updateTime: '2030-01-04T18:00:00.000Z',
    cancelled,
    refusalReason: orderStatus === AcceptanceStatus.Refused ? 'We are out of duck tonight' : null,
  };
}

/**
 * What GET /order/GetActiveOrder answers for the placed collection order, as the staff's actions make it answer: waiting
 * for the restaurant, accepted and through the kitchen's statuses to collected, refused, cancelled by the customer; or
 * a read that fails on the way. An unknown reference is refused.
 */
function answersFor(snapshot: TrackingSnapshot): TrackingAnswer[] {
  if (!snapshot.matches('reading')) return [];
  if (snapshot.context.orderId === UNKNOWN_ORDER) return [{ type: 'xstate.error.actor.getActiveOrder', error: unknownOrder }];
  const answers = [
    activeOrder(KitchenStatus.Ordered, AcceptanceStatus.Requested),
    ...[KitchenStatus.Ordered, KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.Completed].map((status) => activeOrder(status)),
    activeOrder(KitchenStatus.Cancelled, AcceptanceStatus.Refused),
    activeOrder(KitchenStatus.Cancelled, AcceptanceStatus.Requested, true),
  ];
  return [
    ...answers.map((output): TrackingAnswer => ({ type: 'xstate.done.actor.getActiveOrder', output })),
    { type: 'xstate.error.actor.getActiveOrder', error: noResponse },
  ];
}

/**
 * The customer opens /track for an order, asks to "Check again" after a failure, or corrects a reference the server
 * could not find; the 10-second poll reads on.
 */
function nextSteps(snapshot: TrackingSnapshot): TrackingStep[] {
  if (snapshot.matches('reading')) return answersFor(snapshot);
  if (snapshot.matches('idle')) return [{ type: 'TRACK', orderId: PLACED_ORDER }, { type: 'TRACK', orderId: UNKNOWN_ORDER }];
  // A reference the server cannot find is given back to be corrected (to the placed order's), not checked again as it is.
  if (snapshot.matches('failed')) return snapshot.context.orderId === UNKNOWN_ORDER ? [{ type: 'TRACK', orderId: PLACED_ORDER }] : [{ type: 'CHECK' }];
  if (snapshot.matches('active')) return [{ type: 'xstate.after.trackingPoll.tracking.active' }];
  return [];
}

type TrackingPath = StatePath<TrackingSnapshot, TrackingEvent>;

const traversal = {
  events: (snapshot: TrackingSnapshot) => nextSteps(snapshot) as unknown as TrackingEvent[],
  serializeState: (snapshot: TrackingSnapshot) =>
    JSON.stringify({ value: snapshot.value, orderId: snapshot.context.orderId, order: snapshot.context.order, error: snapshot.context.error?.message }),
};

/** What /track shows: the order's status, or the failure (whatever status was read before it). */
function screenOf({ value, context }: TrackingSnapshot): string {
  return JSON.stringify(value === 'failed' ? { value, error: context.error?.message } : { value, order: context.order });
}

/** One path to each status the screen shows and each failure: the shortest of those that reach it. */
const statusPaths: TrackingPath[] = [
  ...new Map(
    getShortestPaths(trackingMachine, traversal)
      .filter((path) => !path.state.hasTag('busy') && !path.state.matches('idle'))
      // A Map keeps the last path given for a screen: longest first, that is the shortest.
      .sort((a, b) => b.steps.length - a.steps.length)
      .map((path) => [screenOf(path.state), path] as const),
  ).values(),
].sort((a, b) => a.steps.length - b.steps.length);

const failedRead = statusPaths.find((path) => path.state.matches('failed') && path.state.context.orderId === PLACED_ORDER)!;
const checkedAgain = getShortestPaths(trackingMachine, {
  ...traversal,
  fromState: failedRead.state,
  toState: (snapshot) => snapshot.matches('active') && snapshot.context.order?.currentStatus === KitchenStatus.Ordered,
}).at(0)!;

export const trackingBrowserPaths: PathSet<TrackingSnapshot, TrackingEvent> = {
  machine: 'machines/tracking/trackingMachine.ts',
  where: 'browser',
  testFile: 'tests/e2e/trackingPaths.spec.ts',
  suite: 'tracking statechart: shortest paths to every status /track shows, through the real UI',
  paths: [
    ...statusPaths,
    { ...checkedAgain, steps: [...failedRead.steps, ...checkedAgain.steps.slice(1)], weight: failedRead.weight + checkedAgain.weight },
  ].map((path) => ({ name: describePath(path), path })),
};
