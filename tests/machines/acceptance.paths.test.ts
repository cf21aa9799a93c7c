import type { StatePath } from '@xstate/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type Actor } from 'xstate';
import {
  ACCEPTANCE_POLL_INTERVAL_MS,
  acceptanceMachine,
  type AcceptanceEvent,
  type AcceptanceSnapshot,
  type CancelAnswer,
  type OrderAcceptanceRequest,
} from '../../machines/acceptance/acceptanceMachine';
import { AcceptanceStatus } from '../../src/domain/orderEnums';
import {
  acceptanceShortestPaths,
  acceptanceWatchingPaths,
  actorIdOf,
  alreadyAccepted,
  describePath,
  isAnswer,
  noResponse,
  ORDER,
  requestWith,
  serializeState,
  type ActorId,
  type Step,
} from './acceptance.paths';

const paths = acceptanceShortestPaths.paths.map(({ path }) => path);
const watchingPaths = acceptanceWatchingPaths.paths.map(({ path }) => path);

const BUSY_STATES = ['creating', 'checking', 'acceptingNewTime', 'cancelling'];
const stateOf = (snapshot: AcceptanceSnapshot) => snapshot.value as string;

/** docs/acceptance-and-kitchen.md, written out independently of the machine: what each state allows and shows. */
function expectConsistent(snapshot: AcceptanceSnapshot) {
  const state = stateOf(snapshot);
  const { request } = snapshot.context;
  expect(snapshot.hasTag('busy')).toBe(BUSY_STATES.includes(state));
  expect(snapshot.hasTag('polling')).toBe(state === 'requested' || state === 'updated');
  expect(snapshot.hasTag('ended')).toBe(['accepted', 'refused', 'cancelled'].includes(state));
  const unanswered = request !== undefined && !request.cancelled && (request.orderStatus === AcceptanceStatus.Requested || request.orderStatus === AcceptanceStatus.Updated);
  // The customer's answer is taken while the request is shown, a poll in flight or not.
  expect(snapshot.can({ type: 'ACCEPT_NEW_TIME' })).toBe(state === 'updated' || (state === 'checking' && unanswered && request.orderStatus === AcceptanceStatus.Updated));
  expect(snapshot.can({ type: 'CHECK' })).toBe(['requested', 'updated', 'failed', 'cancelFailed'].includes(state));
  expect(snapshot.can({ type: 'CANCEL' })).toBe(state === 'requested' || state === 'updated' || (['failed', 'checking'].includes(state) && unanswered));
  // One tap never cancels: only the confirmation does, and only it is asked to.
  expect(snapshot.can({ type: 'CONFIRM_CANCEL' })).toBe(state === 'askingToCancel');
  expect(snapshot.can({ type: 'KEEP_ORDER' })).toBe(state === 'askingToCancel');
  if (state === 'askingToCancel') expect(unanswered).toBe(true);
  if (state === 'requested') expect(request?.orderStatus).toBe(AcceptanceStatus.Requested);
  if (state === 'updated') expect(request?.orderStatus).toBe(AcceptanceStatus.Updated);
  if (state === 'accepted') expect(request?.orderStatus).toBe(AcceptanceStatus.Accepted);
  if (state === 'refused') expect(request?.refusalReason).toBe('We are out of duck tonight');
  if (state === 'cancelled') expect(request?.cancelled).toBe(true);
  if (state === 'failed') expect(snapshot.context.error).toBeDefined();
  if (state === 'cancelling') expect(snapshot.context.cancelError).toBeUndefined();
}

type PendingCall = { input: unknown; resolve(output: unknown): void; reject(error: unknown): void };

/** The machine with calls that wait until the test answers them, and a clock that moves only when told. */
function harness() {
  const pending: Record<ActorId, PendingCall[]> = { createAcceptance: [], getAcceptanceDetails: [], acceptNewTime: [], cancelOrder: [] };
  const waiting = <Output>(id: ActorId) =>
    fromPromise<Output, { basketId: string }>(({ input }) => new Promise<Output>((resolve, reject) => pending[id].push({ input, resolve: resolve as (output: unknown) => void, reject })));
  const machine = acceptanceMachine.provide({
    actors: {
      createAcceptance: waiting<OrderAcceptanceRequest>('createAcceptance'),
      getAcceptanceDetails: waiting<OrderAcceptanceRequest>('getAcceptanceDetails'),
      acceptNewTime: waiting<OrderAcceptanceRequest>('acceptNewTime'),
      cancelOrder: waiting<CancelAnswer>('cancelOrder'),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  const calls = () => Object.values(pending).reduce((count, list) => count + list.length, 0);
  return { actor, clock, pending, calls };
}

// XState hands a settled promise to the machine on a later microtask; a macrotask is past all of them.
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let running: Actor<typeof acceptanceMachine> | undefined;
afterEach(() => running?.stop());

async function replay(path: StatePath<AcceptanceSnapshot, AcceptanceEvent>) {
  const { actor, clock, pending, calls } = harness();
  running = actor;
  for (const step of path.steps.slice(1)) {
    const event = step.event as Step;
    if (isAnswer(event)) {
      const actorId = actorIdOf(event.type)!;
      const call = pending[actorId].at(-1);
      expect(call, `${actorId} is in flight`).toBeDefined();
      expect(call!.input).toEqual({ basketId: ORDER.basketId });
      if ('output' in event) call!.resolve(event.output);
      else call!.reject(event.error);
      await settled();
    } else if (event.type.startsWith('xstate.after.')) {
      // SPEC §9: nothing happens before ten seconds, and the request is read at ten seconds.
      const before = serializeState(actor.getSnapshot());
      const callsBefore = calls();
      const readsBefore = pending.getAcceptanceDetails.length;
      clock.increment(ACCEPTANCE_POLL_INTERVAL_MS - 1);
      expect(serializeState(actor.getSnapshot())).toBe(before);
      expect(calls()).toBe(callsBefore);
      clock.increment(1);
      expect(pending.getAcceptanceDetails).toHaveLength(readsBefore + 1);
    } else {
      actor.send(event as AcceptanceEvent);
    }
    expect(serializeState(actor.getSnapshot())).toBe(serializeState(step.state));
    expectConsistent(actor.getSnapshot());
  }
}

describe(acceptanceShortestPaths.suite, () => {
  it('reach every state: Requested, Updated, Accepted, Refused, asking to cancel, cancelling, cancelled, and both failures', () => {
    expect(new Set(paths.map((path) => stateOf(path.state)))).toEqual(
      new Set(['idle', 'creating', 'checking', 'requested', 'updated', 'acceptingNewTime', 'accepted', 'refused', 'askingToCancel', 'cancelling', 'cancelled', 'cancelFailed', 'failed']),
    );
  });

  for (const { name, path } of acceptanceShortestPaths.paths) it(name, () => replay(path));
});

describe(acceptanceWatchingPaths.suite, () => {
  it('reach Accepted, Refused, Updated and a failed read through the polls alone', () => {
    const reached = (state: string) => watchingPaths.find((path) => stateOf(path.state) === state);
    for (const state of ['accepted', 'refused', 'updated', 'failed']) expect(reached(state), state).toBeDefined();
    expect(describePath(reached('accepted')!)).toBe('START → createAcceptance → Requested → 10 s pass → getAcceptanceDetails → Accepted');
  });

  for (const { name, path } of acceptanceWatchingPaths.paths) it(name, () => replay(path));
});

describe('acceptance statechart: the journeys of the design note, on a simulated clock', () => {
  async function answer(pending: PendingCall[], output: unknown) {
    pending.at(-1)!.resolve(output);
    await settled();
  }

  async function startedAndRequested() {
    const started = harness();
    running = started.actor;
    started.actor.send({ type: 'START', order: ORDER });
    await answer(started.pending.createAcceptance, requestWith(AcceptanceStatus.Requested));
    expect(started.actor.getSnapshot().value).toBe('requested');
    return started;
  }

  it('reads the request every 10 seconds while it is unchanged: nothing at 9.999 s, a read at 10 s', async () => {
    const { actor, clock, pending } = await startedAndRequested();
    for (let poll = 1; poll <= 3; poll += 1) {
      clock.increment(9_999);
      expect(pending.getAcceptanceDetails).toHaveLength(poll - 1);
      clock.increment(1);
      expect(pending.getAcceptanceDetails).toHaveLength(poll);
      await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Requested));
      expect(actor.getSnapshot().value).toBe('requested');
    }
  });

  it('Requested → Accepted: polling stops and the order view is next', async () => {
    const { actor, clock, pending } = await startedAndRequested();
    clock.increment(10_000);
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Accepted));
    expect(actor.getSnapshot().value).toBe('accepted');
    clock.increment(60_000);
    expect(pending.getAcceptanceDetails).toHaveLength(1);
  });

  it('Requested → Updated → the customer accepts the new time', async () => {
    const { actor, clock, pending } = await startedAndRequested();
    clock.increment(10_000);
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Updated));
    expect(actor.getSnapshot().value).toBe('updated');
    expect(actor.getSnapshot().context.request?.updateTime).toBe('2026-11-22T19:45:00.000Z');
    actor.send({ type: 'ACCEPT_NEW_TIME' });
    expect(pending.acceptNewTime).toHaveLength(1);
    await answer(pending.acceptNewTime, requestWith(AcceptanceStatus.Accepted, { updateTime: '2026-11-22T19:45:00.000Z' }));
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('Requested → Updated → the customer cancels', async () => {
    const { actor, clock, pending } = await startedAndRequested();
    clock.increment(10_000);
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Updated));
    actor.send({ type: 'CANCEL' });
    expect(pending.cancelOrder).toHaveLength(0);
    actor.send({ type: 'CONFIRM_CANCEL' });
    await answer(pending.cancelOrder, { OrderCancelled: true });
    expect(actor.getSnapshot().value).toBe('cancelled');
    clock.increment(60_000);
    expect(pending.getAcceptanceDetails).toHaveLength(1);
  });

  it('Requested → Refused, with the reason kept for the customer', async () => {
    const { actor, clock, pending } = await startedAndRequested();
    clock.increment(10_000);
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Refused));
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.request?.refusalReason).toBe('We are out of duck tonight');
  });

  it('stops polling on an error until the customer checks again', async () => {
    const { actor, clock, pending } = await startedAndRequested();
    clock.increment(10_000);
    pending.getAcceptanceDetails.at(-1)!.reject(noResponse);
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual(noResponse);
    clock.increment(60_000);
    expect(pending.getAcceptanceDetails).toHaveLength(1);
    actor.send({ type: 'CHECK' });
    expect(pending.getAcceptanceDetails).toHaveLength(2);
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Requested));
    expect(actor.getSnapshot().value).toBe('requested');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('a cancel the restaurant beat keeps its message; checking again finds the order accepted', async () => {
    const { actor, pending } = await startedAndRequested();
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'CONFIRM_CANCEL' });
    pending.cancelOrder.at(-1)!.reject(alreadyAccepted);
    await settled();
    expect(actor.getSnapshot().value).toBe('cancelFailed');
    expect(actor.getSnapshot().context.cancelError?.message).toBe(alreadyAccepted.message);
    actor.send({ type: 'CHECK' });
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Accepted));
    expect(actor.getSnapshot().value).toBe('accepted');
    // /order-cancel-error still says why, after the order was read again.
    expect(actor.getSnapshot().context.cancelError?.message).toBe(alreadyAccepted.message);
  });

  it('asks before cancelling: keeping the order cancels nothing and follows it again, polls included', async () => {
    const { actor, clock, pending } = await startedAndRequested();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('askingToCancel');
    // While the customer decides nothing is sent, and the page stays where it is.
    clock.increment(60_000);
    expect(pending.cancelOrder).toHaveLength(0);
    expect(pending.getAcceptanceDetails).toHaveLength(0);
    actor.send({ type: 'KEEP_ORDER' });
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Requested));
    expect(actor.getSnapshot().value).toBe('requested');
    clock.increment(10_000);
    expect(pending.getAcceptanceDetails).toHaveLength(2);
    expect(pending.cancelOrder).toHaveLength(0);
  });

  it('a reload resumes by reading the request, then polls', async () => {
    const { actor, clock, pending } = harness();
    running = actor;
    actor.send({ type: 'RESUME', order: ORDER });
    expect(pending.createAcceptance).toHaveLength(0);
    await answer(pending.getAcceptanceDetails, requestWith(AcceptanceStatus.Requested));
    clock.increment(10_000);
    expect(pending.getAcceptanceDetails).toHaveLength(2);
  });
});
