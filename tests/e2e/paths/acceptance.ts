import { getShortestPaths, type StatePath } from '@xstate/graph';
import {
  acceptanceMachine,
  type AcceptanceEvent,
  type AcceptanceSnapshot,
  type CancelAnswer,
  type OrderAcceptanceRequest,
} from '../../../machines/acceptance/acceptanceMachine';
import type { ApiError } from '../../../src/domain/apiErrors';
import { AcceptanceStatus } from '../../../src/domain/orderEnums';
import type { PathSet } from '../../paths/catalogue';

type ActorId = 'createAcceptance' | 'getAcceptanceDetails' | 'acceptNewTime' | 'cancelOrder';
type AcceptanceAnswer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };
/** The ten seconds of a poll passing, as the statechart's delayed event names it. */
type PollDue = { type: `xstate.after.acceptancePoll.acceptance.${'requested' | 'updated'}` };
export type AcceptanceStep = AcceptanceEvent | AcceptanceAnswer | PollDue;

/** The model's order: in the browser, the one the path's START places through the screens. */
const ORDER = { basketId: 'model-basket', orderRef: 'model-order' };
const REQUESTED_TIME = '2030-01-04T18:00:00.000Z';
const PROPOSED_TIME = '2030-01-04T19:00:00.000Z';
/** The server's refusal of a cancel once the restaurant has accepted (docs/acceptance-and-kitchen.md). */
const alreadyAccepted: ApiError = { status: 400, message: 'The restaurant has already accepted your order.', validationErrors: [] };
const noResponse: ApiError = { message: 'The service is temporarily unavailable', validationErrors: [] };

function requestWith(orderStatus: number, updateTime = REQUESTED_TIME): OrderAcceptanceRequest {
  return {
    orderBuilderId: ORDER.basketId,
    orderRef: ORDER.orderRef,
    orderStatus: orderStatus as OrderAcceptanceRequest['orderStatus'],
    updateTime,
    cancelled: false,
    refusalReason: orderStatus === AcceptanceStatus.Refused ? 'We are out of duck tonight' : null,
    unavailableItems: [],
    payment: { method: 'card', money: 'held', amount: 12.5 },
  };
}

const done = (id: ActorId, output: unknown): AcceptanceAnswer => ({ type: `xstate.done.actor.${id}`, output });
const failure = (id: ActorId, error: unknown): AcceptanceAnswer => ({ type: `xstate.error.actor.${id}`, error });

/**
 * What the server answers the call in flight, as the staff's actions through the kitchen API (or a failed call) make
 * it answer in the browser. A time the restaurant proposed is the customer's to accept: staff do not accept it for them.
 */
function answersFor(snapshot: AcceptanceSnapshot): AcceptanceAnswer[] {
  if (snapshot.matches('creating')) return [done('createAcceptance', requestWith(AcceptanceStatus.Requested))];
  if (snapshot.matches('checking')) {
    const proposed = snapshot.context.request?.orderStatus === AcceptanceStatus.Updated;
    return [
      ...(proposed ? [] : [done('getAcceptanceDetails', requestWith(AcceptanceStatus.Requested)), done('getAcceptanceDetails', requestWith(AcceptanceStatus.Accepted))]),
      done('getAcceptanceDetails', requestWith(AcceptanceStatus.Updated, PROPOSED_TIME)),
      done('getAcceptanceDetails', requestWith(AcceptanceStatus.Refused)),
      failure('getAcceptanceDetails', noResponse),
    ];
  }
  if (snapshot.matches('acceptingNewTime')) return [done('acceptNewTime', requestWith(AcceptanceStatus.Accepted, PROPOSED_TIME))];
  if (snapshot.matches('cancelling')) return [done('cancelOrder', { OrderCancelled: true } satisfies CancelAnswer), failure('cancelOrder', alreadyAccepted)];
  return [];
}

/** What the customer does on the screens: places the order, answers the proposed time, cancels, checks again. */
function customerEvents(snapshot: AcceptanceSnapshot): AcceptanceEvent[] {
  if (snapshot.matches('idle')) return [{ type: 'START', order: ORDER }];
  // "Check again" after a failure, "Back to your order" after a failed cancel: the only reads a customer asks for.
  const check: AcceptanceEvent[] = snapshot.matches('failed') || snapshot.matches('cancelFailed') ? [{ type: 'CHECK' }] : [];
  return [...check, { type: 'ACCEPT_NEW_TIME' }, { type: 'CANCEL' }, { type: 'CONFIRM_CANCEL' }, { type: 'KEEP_ORDER' }];
}

function nextSteps(snapshot: AcceptanceSnapshot): AcceptanceStep[] {
  if (snapshot.hasTag('busy')) return answersFor(snapshot);
  const polls: PollDue[] = snapshot.hasTag('polling') ? [{ type: `xstate.after.acceptancePoll.acceptance.${snapshot.value as 'requested' | 'updated'}` }] : [];
  return [...customerEvents(snapshot), ...polls];
}

/** The order is for the time the restaurant proposed (and the customer accepted), not the one the customer chose. */
export const isProposedTime = (snapshot: AcceptanceSnapshot) => snapshot.context.request?.updateTime === PROPOSED_TIME;

/** What the screens show: the state, and for an accepted order, which time it is for. */
function screenOf(snapshot: AcceptanceSnapshot): string {
  return JSON.stringify({ state: snapshot.value, proposedTime: snapshot.matches('accepted') && isProposedTime(snapshot) });
}

type AcceptancePath = StatePath<AcceptanceSnapshot, AcceptanceEvent>;

const traversal = {
  events: (snapshot: AcceptanceSnapshot) => nextSteps(snapshot) as unknown as AcceptanceEvent[],
  serializeState: (snapshot: AcceptanceSnapshot) =>
    JSON.stringify({ screen: screenOf(snapshot), proposedTime: isProposedTime(snapshot), status: snapshot.context.request?.orderStatus, cancelled: snapshot.context.request?.cancelled, error: snapshot.context.error !== undefined }),
};

const RESTING_STATES = ['requested', 'updated', 'askingToCancel', 'accepted', 'refused', 'cancelled', 'cancelFailed', 'failed'];

/** One path to each screen a customer can stand at: the shortest of those that reach it. */
const screenPaths: AcceptancePath[] = [
  ...new Map(
    getShortestPaths(acceptanceMachine, traversal)
      .filter((path) => RESTING_STATES.includes(path.state.value as string))
      // A Map keeps the last path given for a screen: longest first, that is the shortest.
      .sort((a, b) => b.steps.length - a.steps.length)
      .map((path) => [screenOf(path.state), path] as const),
  ).values(),
].sort((a, b) => a.steps.length - b.steps.length);

/** A failed read, then "Check again": the order is followed again (the failure's own path, and on from it). */
const failedPath = screenPaths.find((path) => path.state.matches('failed'))!;
const checkedAgain = getShortestPaths(acceptanceMachine, {
  ...traversal,
  fromState: failedPath.state,
  toState: (snapshot) => snapshot.matches('requested'),
}).at(0)!;

function nameOf(path: AcceptancePath): string {
  return path.steps
    .slice(1)
    .map(({ event }) => {
      const step = event as AcceptanceStep;
      const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.type);
      if (answer && 'error' in step) return `fail ${answer[2]}`;
      if (answer && 'output' in step) {
        const output = step.output as Partial<OrderAcceptanceRequest & CancelAnswer>;
        if ('OrderCancelled' in output) return `${answer[2]} → OrderCancelled ${output.OrderCancelled}`;
        return `${answer[2]} → ${Object.entries(AcceptanceStatus).find(([, value]) => value === output.orderStatus)?.[0]}`;
      }
      if (step.type.startsWith('xstate.after.')) return '10 s pass';
      return step.type;
    })
    .join(' → ');
}

export const acceptanceBrowserPaths: PathSet<AcceptanceSnapshot, AcceptanceEvent> = {
  machine: 'machines/acceptance/acceptanceMachine.ts',
  where: 'browser',
  testFile: 'tests/e2e/acceptancePaths.spec.ts',
  suite: 'acceptance statechart: shortest paths to every screen after placing an order, through the real UI',
  paths: [...screenPaths, { ...checkedAgain, steps: [...failedPath.steps, ...checkedAgain.steps.slice(1)], weight: failedPath.weight + checkedAgain.weight }].map((path) => ({ name: nameOf(path), path })),
};
