import { getShortestPaths } from '@xstate/graph';
import { transition, type ActorLogic, type AnyActorScope } from 'xstate';
import { paymentMachine, type PaymentEvent, type PaymentInput, type PaymentSnapshot } from '../../../machines/payment/paymentMachine';
import type { PaymentErrorModeValue } from '../../../src/domain/paymentErrors';
import { answersFor, describePath, stateOf, type Step } from '../../machines/payment.paths';
import { BASKET_ID, PAYPAL_ORDER_ID } from '../../machines/paymentHarness';
import type { PathSet } from '../../paths/catalogue';
import { moveFrom, shortestPerKey, withoutPrefixes } from './screenMoves';

/** What the customer does on the screens; every other step (PayPal's and the server's answers) follows by itself. */
export const CUSTOMER_STEPS = ['START', 'RESUME', 'CREATE_ORDER', 'APPROVED', 'CANCELLED', 'TRY_AGAIN', 'PAY_CASH_INSTEAD'] as const;
export const isCustomerStep = (step: Step) => (CUSTOMER_STEPS as readonly string[]).includes(step.type);

/**
 * What can happen next through the real UI, and what the real server and the PayPal fake can be made to answer: the
 * customer reaches /payment from checkout (or opens /paymentProcessing with no order), PayPal's script loads or is
 * unreachable, PayPal creates its order or fails to, the customer approves at PayPal (or closes its window), and each
 * call answers or fails in the ways the fake and a failing server give. No time limit runs out: each would keep a
 * browser waiting for half a minute (the machine's own paths walk them).
 */
export function browserSteps(snapshot: PaymentSnapshot): Step[] {
  switch (stateOf(snapshot)) {
    case 'idle':
      return [
        { type: 'START', basketId: BASKET_ID },
        { type: 'RESUME', basketId: undefined, payPalOrderId: undefined },
      ];
    case 'loadingScript':
      return [
        { type: 'SCRIPT_STATUS', status: 'resolved' },
        { type: 'SCRIPT_STATUS', status: 'rejected' },
      ];
    case 'ready.buttons':
      return [{ type: 'CREATE_ORDER', paymentSource: 'paypal' }, ...(snapshot.context.declined ? [{ type: 'PAY_CASH_INSTEAD' } as const] : [])];
    case 'ready.creating':
      return [
        { type: 'ORDER_CREATED', payPalOrderId: PAYPAL_ORDER_ID },
        { type: 'ORDER_NOT_CREATED', error: new Error('PayPal refused the order request') },
      ];
    case 'ready.approving':
      return [{ type: 'APPROVED', payPalOrderId: PAYPAL_ORDER_ID, paymentSource: 'paypal' }, { type: 'CANCELLED' }];
    case 'issue':
      return [{ type: 'TRY_AGAIN' }, { type: 'PAY_CASH_INSTEAD' }];
    default:
      // The server's answers to the call in flight, as the machine's own paths give them.
      return answersFor(snapshot);
  }
}

/** The states the customer stands at: the UI waits for them; every other state passes by itself. */
const RESTING = ['idle', 'ready.buttons', 'ready.approving', 'issue', 'paid', 'cashChosen'];
export const isResting = (snapshot: PaymentSnapshot) => RESTING.includes(stateOf(snapshot));

/** What the screens show at a resting state: /paymentIssue's message (SPEC §8) and its cash failure, /payment's decline. */
export function screenOf(snapshot: PaymentSnapshot): { state: string; mode?: PaymentErrorModeValue; declined: boolean; cashError: boolean } {
  const state = stateOf(snapshot);
  return {
    state,
    ...(state === 'issue' ? { mode: snapshot.context.errorMode } : {}),
    declined: state === 'ready.buttons' && snapshot.context.declined === true,
    cashError: state === 'issue' && snapshot.context.cashError !== undefined,
  };
}

/**
 * The statechart alone, not as a machine: @xstate/graph then sends only the steps given above, where for a machine it
 * would add a bare event for every one the state handles (a RESUME without ids from every state, each time limit).
 */
const paymentLogic: ActorLogic<PaymentSnapshot, PaymentEvent> = {
  transition: (snapshot, event, scope) => paymentMachine.transition(snapshot, event, scope as AnyActorScope),
  getInitialSnapshot: (scope, input) => paymentMachine.getInitialSnapshot(scope as AnyActorScope, input as PaymentInput | undefined),
  getPersistedSnapshot: (snapshot) => snapshot,
};

const traversal = {
  events: (snapshot: PaymentSnapshot) => browserSteps(snapshot) as unknown as PaymentEvent[],
  serializeState: (snapshot: PaymentSnapshot) => {
    const { context } = snapshot;
    return JSON.stringify({
      state: stateOf(snapshot),
      script: context.scriptStatus,
      basket: context.basketId !== undefined,
      mode: context.errorMode,
      cashError: context.cashError !== undefined,
      declined: context.declined === true,
      unsettled: context.unsettledPayPalOrderId !== undefined,
    });
  },
};

const everyState = getShortestPaths(paymentLogic, traversal);

/** One path to each screen: the shortest of those that reach it (a failed change to cash told once, whatever the mode). */
const screenKey = (snapshot: PaymentSnapshot) => {
  const screen = screenOf(snapshot);
  return JSON.stringify(screen.cashError ? { ...screen, mode: undefined } : screen);
};
const screenPaths = shortestPerKey(
  everyState.filter((path) => isResting(path.state) && !path.state.matches('idle')).map((path) => [screenKey(path.state), path] as const),
);

/** What decides where a way on leads: Try again asks again for an unsettled order, reloads a script, or needs a basket. */
function wayOnKey(leaving: PaymentSnapshot, wayOn: PaymentEvent): string {
  const { context } = leaving;
  if (wayOn.type === 'PAY_CASH_INSTEAD') return JSON.stringify({ wayOn: wayOn.type, from: stateOf(leaving) });
  return JSON.stringify({ wayOn: wayOn.type, basket: context.basketId !== undefined, script: context.scriptStatus, unsettled: context.unsettledPayPalOrderId !== undefined });
}

/**
 * The ways on from every screen that offers them ("Try again", "Pay with cash instead"): the customer's choice and the
 * answers that follow it, to the next screen, walked once for each place it can lead (a script loaded again, an order
 * without ids told again, an authorisation of unknown outcome asked again, the buttons; cash from /paymentIssue or after
 * a decline), after the shortest path to a screen that offers it.
 */
const waysOn = shortestPerKey(
  everyState
    .filter((prefix) => isResting(prefix.state))
    .flatMap((prefix) =>
      browserSteps(prefix.state)
        .filter((step): step is PaymentEvent => step.type === 'TRY_AGAIN' || step.type === 'PAY_CASH_INSTEAD')
        .flatMap((wayOn) => {
          const [next] = transition(paymentMachine, prefix.state, wayOn);
          // Cash without a basket to change: the button does nothing, and the screen stays as it was.
          if (traversal.serializeState(next) === traversal.serializeState(prefix.state)) return [];
          const move = moveFrom(paymentLogic, traversal, isResting, prefix, wayOn, next);
          return move === undefined ? [] : [[wayOnKey(prefix.state, wayOn), move] as const];
        }),
    ),
);

export const paymentBrowserPaths: PathSet<PaymentSnapshot, PaymentEvent> = {
  machine: 'machines/payment/paymentMachine.ts',
  where: 'browser',
  testFile: 'tests/e2e/paymentPaths.spec.ts',
  suite: 'payment statechart: shortest paths to every payment screen and each way on from it, through the real UI',
  paths: withoutPrefixes([...screenPaths, ...waysOn])
    .sort((a, b) => a.steps.length - b.steps.length)
    .map((path) => ({ name: describePath(path), path })),
};
