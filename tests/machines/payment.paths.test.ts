import type { StatePath } from '@xstate/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { transition, type Actor } from 'xstate';
import {
  PAYMENT_TIMEOUTS,
  paymentMachine,
  paymentPathOf,
  shownErrorMode,
  type PaymentEvent,
  type PaymentSnapshot,
} from '../../machines/payment/paymentMachine';
import { paymentErrorLogMessage, type PaymentErrorModeValue } from '../../src/domain/paymentErrors';
import {
  BASKET_ID,
  cardDeclined,
  notApproved,
  noResponse,
  ORDER_REF,
  PAYPAL_ORDER_ID,
  paymentHarness,
  serverError,
  settled,
  unverified,
} from './paymentHarness';
import {
  actorIdOf,
  answersFor,
  failure,
  isAnswer,
  paymentShortestPaths,
  RESUMED_ORDER_ID,
  screenEvents,
  serializeState,
  stateOf,
  TIME_LIMITS,
  timeUp,
  type Step,
} from './payment.paths';

const paths = paymentShortestPaths.paths.map(({ path }) => path);

// docs/payments.md, written out independently of the machine.
const TAGS: Record<string, string[]> = {
  idle: [],
  loadingScript: ['loadingScript'],
  'ready.buttons': ['ready'],
  'ready.creating': ['ready'],
  'ready.approving': ['ready'],
  linking: ['processing'],
  authorising: ['processing'],
  logging: ['processing'],
  issue: ['issue'],
  convertingToCash: ['issue', 'processing'],
  paid: ['paid'],
  cashChosen: ['cashChosen'],
};
const PATHS: Record<string, string | undefined> = {
  idle: undefined,
  loadingScript: '/payment',
  'ready.buttons': '/payment',
  'ready.creating': '/payment',
  'ready.approving': '/payment',
  linking: '/payment',
  authorising: '/paymentProcessing',
  logging: '/paymentIssue',
  issue: '/paymentIssue',
  convertingToCash: '/paymentIssue',
  paid: undefined,
  cashChosen: '/checkout',
};
const ALL_TAGS = ['loadingScript', 'ready', 'processing', 'issue', 'paid', 'cashChosen'] as const;

function expectConsistent(snapshot: PaymentSnapshot) {
  const state = stateOf(snapshot);
  const { context } = snapshot;
  for (const tag of ALL_TAGS) expect(snapshot.hasTag(tag), `${state} tagged ${tag}`).toBe(TAGS[state].includes(tag));
  expect(paymentPathOf(snapshot)).toBe(PATHS[state]);
  expect(snapshot.can({ type: 'TRY_AGAIN' })).toBe(state === 'issue');
  // Cash is offered on /paymentIssue, and on /payment after a declined card.
  const declinedOnPayment = context.declined === true && state.startsWith('ready.');
  expect(snapshot.can({ type: 'PAY_CASH_INSTEAD' })).toBe((state === 'issue' || declinedOnPayment) && context.basketId !== undefined);
  // A decline is told on /payment only, never as a /paymentIssue mode of its own.
  if (context.declined === true) expect(['loadingScript', 'ready.buttons', 'ready.creating', 'ready.approving', 'logging', 'issue', 'convertingToCash', 'cashChosen']).toContain(state);
  expect(snapshot.can({ type: 'CREATE_ORDER' })).toBe(state === 'ready.buttons' || state === 'ready.approving');
  // Money on its way: the customer is not sent back to the buttons meanwhile.
  expect(snapshot.can({ type: 'START', basketId: BASKET_ID })).toBe(state !== 'linking' && state !== 'authorising');
  if (['logging', 'issue', 'convertingToCash'].includes(state)) expect(context.errorMode).toBeDefined();
  expect(shownErrorMode(snapshot)).toBe(state === 'issue' || state === 'convertingToCash' ? context.errorMode : undefined);
  if (state === 'paid') expect(context.orderRef).toBe(ORDER_REF);
  if (['linking', 'authorising', 'paid'].includes(state)) expect(context.payPalOrderId).toBeDefined();
  // The order being authorised has no known outcome until it is answered.
  if (state === 'authorising') expect(context.unsettledPayPalOrderId).toBe(context.payPalOrderId);
  if (state === 'paid') expect(context.unsettledPayPalOrderId).toBeUndefined();
}

/**
 * Written out independently: the PayPal order whose authorisation has no known outcome after the step. The one being
 * authorised; after it, kept unless the server answered or refused (400); forgotten when a new PayPal order is linked
 * (the server replaced the link, so nothing was held under the earlier one) or when another basket's payment starts.
 */
function unsettledAfter(before: PaymentSnapshot, step: Step, after: PaymentSnapshot): string | undefined {
  const { unsettledPayPalOrderId: unsettled, basketId, payPalOrderId } = before.context;
  if (stateOf(after) === 'authorising') return after.context.payPalOrderId;
  const moneyOnItsWay = stateOf(before) === 'linking' || stateOf(before) === 'authorising';
  if (step.type === 'START' && moneyOnItsWay) return unsettled;
  if (step.type === 'START' || step.type === 'RESUME') return step.basketId === basketId ? unsettled : undefined;
  if (step.type === 'xstate.done.actor.createPayPalOrderLink') return undefined;
  if (stateOf(before) !== 'authorising') return unsettled;
  if (step.type === 'xstate.done.actor.authoriseCapture') return undefined;
  if (step.type === 'xstate.error.actor.authoriseCapture') return (step as { error: { status?: number } }).error.status === 400 ? undefined : payPalOrderId;
  return payPalOrderId;
}

/** SPEC §4, written out independently: the mode a failure leads to, from the state it happened in and what happened. */
function modeOf(stateBefore: string, step: Step, snapshotBefore: PaymentSnapshot): PaymentErrorModeValue {
  if (step.type === 'START') return snapshotBefore.context.scriptStatus === 'rejected' && step.basketId ? 'ScriptFailedToLoad' : 'MissingOrderIdOrPayPalOrderId';
  if (step.type === 'TRY_AGAIN' || step.type === 'RESUME' || step.type === 'APPROVED') return 'MissingOrderIdOrPayPalOrderId';
  if (step.type === 'SCRIPT_STATUS' || stateBefore === 'loadingScript') return 'ScriptFailedToLoad';
  if (stateBefore === 'authorising') {
    // Declined: back to PayPal's buttons, which fail only when PayPal's script did.
    if (step.type === 'xstate.error.actor.authoriseCapture' && (step as { error: unknown }).error === cardDeclined) return 'ScriptFailedToLoad';
    const refusedAsUnverified = step.type === 'xstate.error.actor.authoriseCapture' && (step as { error: unknown }).error === unverified;
    return refusedAsUnverified ? 'UnconfirmedPayPalAccount' : 'AuthorisationAndCaptureError';
  }
  return 'IssueCreatingPayPalBasketApi';
}

/** A new failure to log: one reached from another state, or the payment step started again while the last is logged. */
function failsAnew(stateBefore: string, step: Step, stateAfter: string): boolean {
  return stateAfter === 'logging' && (stateBefore !== 'logging' || step.type === 'START' || step.type === 'RESUME');
}

/** One step, judged by the model above: the mode of a failure, a failed log, and a time limit that really ends the wait. */
function expectStep(before: PaymentSnapshot, event: Step, after: PaymentSnapshot) {
  const stateBefore = stateOf(before);
  const stateAfter = stateOf(after);
  expect(after.context.unsettledPayPalOrderId).toBe(unsettledAfter(before, event, after));
  // Try again never starts a second payment while the first one's outcome is unknown: it asks for the same order again.
  if (event.type === 'TRY_AGAIN' && stateBefore === 'issue') {
    const unsettled = before.context.unsettledPayPalOrderId;
    if (unsettled === undefined) expect(stateAfter).not.toBe('authorising');
    else expect([stateAfter, after.context.payPalOrderId]).toEqual(['authorising', unsettled]);
  }
  if (failsAnew(stateBefore, event, stateAfter)) expect(after.context.errorMode).toBe(modeOf(stateBefore, event, before));
  if (stateBefore === 'logging' && stateAfter === 'issue') {
    const logFailed = event.type === 'xstate.error.actor.logError' || event.type.startsWith('xstate.after.');
    expect(after.context.errorMode).toBe(logFailed ? 'IssueLoggingPayPalError' : before.context.errorMode);
  }
  if (event.type.startsWith('xstate.after.')) {
    expect(stateAfter, `${stateBefore} ends at its time limit`).toBe(stateBefore === 'logging' || stateBefore === 'convertingToCash' ? 'issue' : 'logging');
    if (stateBefore === 'convertingToCash') expect(after.context.cashError?.message).toBe('The service is temporarily unavailable');
  }
}

let running: Actor<typeof paymentMachine> | undefined;
afterEach(() => running?.stop());

async function replay(path: StatePath<PaymentSnapshot, PaymentEvent>) {
  const { actor, clock, pending, calls } = paymentHarness();
  running = actor;
  let failuresSeen = 0;
  for (const step of path.steps.slice(1)) {
    const event = step.event as Step;
    const before = actor.getSnapshot();
    const stateBefore = stateOf(before);
    const linksBefore = pending.createPayPalOrderLink.length;
    if (isAnswer(event)) {
      const actorId = actorIdOf(event.type)!;
      const call = pending[actorId].at(-1);
      expect(call, `${actorId} is in flight`).toBeDefined();
      if ('output' in event) call!.resolve(event.output);
      else call!.reject(event.error);
      await settled();
    } else if (event.type.startsWith('xstate.after.')) {
      // Nothing gives up a moment early; at the limit the customer is told.
      const limit = PAYMENT_TIMEOUTS[TIME_LIMITS[stateBefore].timeout];
      const callsBefore = calls();
      clock.increment(limit - 1);
      expect(serializeState(actor.getSnapshot())).toBe(serializeState(before));
      expect(calls()).toBe(callsBefore);
      clock.increment(1);
      await settled();
    } else {
      actor.send(event as PaymentEvent);
      await settled();
    }
    const after = actor.getSnapshot();
    expect(serializeState(after)).toBe(serializeState(step.state));
    expectConsistent(after);
    const stateAfter = stateOf(after);

    expectStep(before, event, after);
    // Every failure is logged once, with the basket it belongs to.
    if (failsAnew(stateBefore, event, stateAfter)) {
      failuresSeen += 1;
      const mode = after.context.errorMode!;
      expect(pending.logError).toHaveLength(failuresSeen);
      expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: mode, message: paymentErrorLogMessage(mode) });
      expect((pending.logError.at(-1)!.input as { orderBuilderId?: string }).orderBuilderId).toBe(after.context.basketId);
    } else {
      expect(pending.logError).toHaveLength(failuresSeen);
    }
    if (stateAfter === 'linking' && stateBefore !== 'linking') {
      const source = event.type === 'APPROVED' ? event.paymentSource ?? before.context.paymentSource ?? 'paypal' : undefined;
      expect(pending.createPayPalOrderLink.at(-1)!.input).toEqual({ orderBuilderId: BASKET_ID, payPalId: PAYPAL_ORDER_ID, paymentSource: source });
    }
    if (stateAfter === 'authorising' && stateBefore !== 'authorising') {
      const retried = event.type === 'TRY_AGAIN' ? before.context.unsettledPayPalOrderId : PAYPAL_ORDER_ID;
      const payPalOrderId = event.type === 'RESUME' ? RESUMED_ORDER_ID : retried;
      expect(pending.authoriseCapture.at(-1)!.input).toEqual({ orderBuilderId: BASKET_ID, payPalOrderId });
      if (event.type === 'TRY_AGAIN') expect(pending.createPayPalOrderLink, 'no new link for a retry').toHaveLength(linksBefore);
    }
    if (stateAfter === 'convertingToCash' && stateBefore !== 'convertingToCash') {
      expect(pending.convertToCash.at(-1)!.input).toEqual({ basketId: BASKET_ID });
    }
  }
}

const reached = (predicate: (snapshot: PaymentSnapshot) => boolean) => paths.filter((path) => predicate(path.state));

describe(paymentShortestPaths.suite, () => {
  it('reach every state, every error mode on /paymentIssue and every way out of it', () => {
    expect(new Set(paths.map((path) => stateOf(path.state)))).toEqual(new Set(Object.keys(TAGS)));
    const modesShown = new Set(reached((snapshot) => stateOf(snapshot) === 'issue').map((path) => path.state.context.errorMode));
    expect(modesShown).toEqual(
      new Set([
        'MissingOrderIdOrPayPalOrderId',
        'IssueCreatingPayPalBasketApi',
        'IssueLoggingPayPalError',
        'AuthorisationAndCaptureError',
        'UnconfirmedPayPalAccount',
        'ScriptFailedToLoad',
      ]),
    );
    expect(reached((snapshot) => stateOf(snapshot) === 'issue' && snapshot.context.cashError !== undefined)).not.toHaveLength(0);
  });

  it('reach /paymentIssue with a payment of unknown outcome, whose Try again asks authorise-capture again for the same order', () => {
    const unsettledIssues = reached((snapshot) => stateOf(snapshot) === 'issue' && snapshot.context.unsettledPayPalOrderId !== undefined);
    const unsettledOrders = new Set(unsettledIssues.map((path) => path.state.context.unsettledPayPalOrderId));
    expect(unsettledOrders).toEqual(new Set([PAYPAL_ORDER_ID, RESUMED_ORDER_ID]));
    const retries = paths.filter((path) => path.steps.at(-1)?.event.type === 'TRY_AGAIN' && stateOf(path.state) === 'authorising');
    expect(retries).not.toHaveLength(0);
    for (const { state } of unsettledIssues) {
      const [retried] = transition(paymentMachine, state, { type: 'TRY_AGAIN' });
      expect(stateOf(retried)).toBe('authorising');
      expect(retried.context.payPalOrderId).toBe(state.context.unsettledPayPalOrderId);
    }
    // Each of the unknown outcomes leaves the order unsettled; a refusal settles it (the edges' model checks every one).
    const authorising = paths.find(({ state }) => stateOf(state) === 'authorising' && state.context.payPalOrderId === PAYPAL_ORDER_ID)!.state;
    const unsettledAfterStep = (step: Step) => transition(paymentMachine, authorising, step as PaymentEvent)[0].context.unsettledPayPalOrderId;
    const outcomes = [failure('authoriseCapture', serverError), failure('authoriseCapture', noResponse), ...timeUp(authorising)];
    for (const outcome of outcomes) {
      expect(unsettledAfterStep(outcome)).toBe(PAYPAL_ORDER_ID);
    }
    for (const refusal of [failure('authoriseCapture', notApproved), failure('authoriseCapture', unverified)]) {
      expect(unsettledAfterStep(refusal)).toBeUndefined();
    }
  });

  it('leave every state that waits for someone else by a time limit, and every other state by an event', () => {
    for (const state of Object.keys(TAGS)) {
      const path = paths.find((candidate) => stateOf(candidate.state) === state)!;
      const ways = [...screenEvents, ...answersFor(path.state), ...timeUp(path.state)].filter((event) => {
        const [next] = transition(paymentMachine, path.state, event as PaymentEvent);
        return serializeState(next) !== serializeState(path.state);
      });
      expect(ways.length, `a way out of ${state}`).toBeGreaterThan(0);
      const waitsForAnswer = answersFor(path.state).length > 0 || state === 'loadingScript' || state === 'ready.creating';
      expect(timeUp(path.state).length > 0, `${state} has a time limit`).toBe(waitsForAnswer);
    }
  });

  // Every event from every state reached: a few thousand replays, slow on a shared machine.
  it('take every event and answer from every state they reach as the model says (the edges no shortest path walks)', () => {
    for (const path of paths) {
      for (const event of [...screenEvents, ...answersFor(path.state), ...timeUp(path.state)] as Step[]) {
        const [next] = transition(paymentMachine, path.state, event as PaymentEvent);
        expectStep(path.state, event, next);
        expectConsistent(next);
      }
    }
  }, 120_000);

  for (const { name, path } of paymentShortestPaths.paths) it(name, () => replay(path));
});
