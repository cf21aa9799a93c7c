import type { StatePath } from '@xstate/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import {
  accountRouteRedirect,
  authDestination,
  authMachine,
  currentIdToken,
  failureFor,
  heldAccount,
  isAuthSettled,
  isSignedIn,
  type AuthEvent,
  type AuthSnapshot,
  type AuthStep,
} from '../../machines/auth/authMachine';
import {
  actorIdOf,
  authShortestPaths,
  callOfState,
  EMAIL,
  NEW_PASSWORD,
  ORDER,
  PASSWORD,
  serializeState,
  stateOf,
  type ActorId,
  type Answer,
} from './auth.paths';

const BUSY_STATES = Object.keys(callOfState);
const PASSWORD_STATES = ['signingIn', 'signingUp', 'awaitingConfirmation', 'confirmingSignUp', 'resendingCode', 'signingInAfterConfirmation'];
const ACCOUNT_STATES = ['signedIn.ready', 'signedIn.deletingAccount'];

/** The input each call must be made with, given what the customer typed (see customerEvents in auth.paths.ts). */
function expectedInput(actorId: ActorId, before: AuthSnapshot): unknown {
  switch (actorId) {
    case 'signIn':
    case 'signUp':
      return { email: EMAIL, password: PASSWORD };
    case 'confirmSignUp':
      return { email: EMAIL, code: '123456' };
    case 'resendCode':
    case 'requestPasswordReset':
      return { email: EMAIL };
    case 'resetPassword':
      return { email: EMAIL, code: '654321', newPassword: NEW_PASSWORD };
    case 'createAccount':
      // A guest's order from the sign-up is credited; otherwise the details typed, trimmed.
      return before.context.pendingOrder
        ? { authId: 'sub-mei', email: EMAIL, fromOrder: ORDER }
        : { authId: 'sub-mei', email: EMAIL, name: 'Mei Chen', phone: '0113 496 0123' };
    default:
      return undefined;
  }
}

/** SPEC §2, §4 and §8 and docs/accounts.md, written out apart from the machine: what each state holds and allows. */
function expectConsistent(snapshot: AuthSnapshot) {
  const state = stateOf(snapshot);
  const { context } = snapshot;
  const signedIn = state.startsWith('signedIn.');
  expect(snapshot.hasTag('busy')).toBe(BUSY_STATES.includes(state));
  expect(snapshot.hasTag('unconfirmed')).toBe(state === 'awaitingConfirmation');
  expect(snapshot.hasTag('needsAccount')).toBe(state === 'signedIn.noAccount');

  expect(isSignedIn(snapshot)).toBe(signedIn);
  expect(currentIdToken(snapshot)).toBe(signedIn ? context.idToken : undefined);
  expect(context.user !== undefined && context.idToken !== undefined).toBe(signedIn);
  if (!signedIn) expect(context.idToken).toBeUndefined();
  if (ACCOUNT_STATES.includes(state)) expect(heldAccount(snapshot)).toBeDefined();
  if (context.account) expect([...ACCOUNT_STATES, 'signedIn.loadingAccount']).toContain(state);

  // The password is held only on the way from a sign-up (or an unconfirmed sign-in) to the sign-in after confirming.
  if (context.password !== undefined) expect(PASSWORD_STATES).toContain(state);
  if (['signingIn', 'signingUp', 'signingInAfterConfirmation'].includes(state)) expect(context.password).toBe(PASSWORD);
  if (['signedOut', 'signingOut'].includes(state)) expect(context.pendingOrder).toBeUndefined();

  // A failure is shown where the customer stays; account errors sign out (SPEC §8) and say why.
  const { failure, notice } = context;
  if (failure && BUSY_STATES.includes(state)) {
    expect(state).toBe('signingOut');
    expect(['loadAccount', 'createAccount', 'deleteAccount']).toContain(failure.step);
  }
  const signedOutByAccountError = ['signingOut', 'signedOut'].includes(state) && (failure?.step === 'loadAccount' || failure?.step === 'createAccount');
  expect(notice === 'signedOutAfterAccountError').toBe(signedOutByAccountError);
  if (failure?.step === 'loadAccount') expect(['signingOut', 'signedOut']).toContain(state);
  // Details refused before the call leave the customer on /createAccount, signed in.
  if (failure?.step === 'createAccount' && !signedOutByAccountError) expect(state).toBe('signedIn.noAccount');
  for (const step of ['signIn', 'signUp', 'deleteAccount'] satisfies AuthStep[]) {
    expect(failureFor(snapshot, step)).toBe(failure?.step === step ? failure.message : undefined);
  }

  expect(isAuthSettled(snapshot)).toBe(!['restoring', 'signedIn.checkingAccount', 'signedIn.loadingAccount', 'signedIn.creatingAccount'].includes(state));
  const expectedRedirect = (pathname: string) => {
    if (!signedIn) return '/login';
    const hasAccount = context.account !== undefined;
    if (pathname === '/createAccount') return hasAccount ? '/account' : undefined;
    return hasAccount ? undefined : '/createAccount';
  };
  for (const pathname of ['/account', '/vouchers', '/createAccount']) expect(accountRouteRedirect(snapshot, pathname)).toBe(expectedRedirect(pathname));

  expect(authDestination(snapshot)).toBe(expectedDestination(state, snapshot));
}

/** SPEC §2's navigation after events, per settled state. */
function expectedDestination(state: string, { context: { failure, notice } }: AuthSnapshot): string | undefined {
  if (BUSY_STATES.includes(state)) return undefined;
  if (state === 'signedOut') {
    if (notice === 'passwordChanged' || notice === 'accountConfirmed') return '/login';
    if (failure?.step === 'deleteAccount') return '/login';
    // The code step left for the email step: the reset's own screen, the address there to be corrected.
    if (notice === 'resetEmailToCorrect') return '/forgotPassword';
    if (failure && notice !== 'signedOutAfterAccountError') return undefined;
    return '/';
  }
  if (failure) return undefined;
  return { awaitingConfirmation: '/confirmAccount', awaitingNewPassword: '/forgotPassword', 'signedIn.noAccount': '/createAccount', 'signedIn.ready': '/account' }[state];
}

type PendingCall = { actorId: ActorId; input: unknown; resolve(output: unknown): void; reject(error: unknown): void };

function harness() {
  const calls: PendingCall[] = [];
  const waiting = (actorId: ActorId) =>
    fromPromise<any, any>(({ input }) => new Promise((resolve, reject) => calls.push({ actorId, input, resolve, reject })));
  const actorIds = [...new Set(Object.values(callOfState))];
  const machine = authMachine.provide({ actors: Object.fromEntries(actorIds.map((id) => [id, waiting(id)])) });
  return { actor: createActor(machine).start(), calls };
}

// XState hands a settled promise to the machine on a later microtask; a macrotask is past all of them.
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let running: Actor<typeof authMachine> | undefined;
afterEach(() => running?.stop());

async function replay(path: StatePath<AuthSnapshot, AuthEvent>) {
  const { actor, calls } = harness();
  running = actor;
  const [initialStep, ...steps] = path.steps;
  expect(initialStep.event.type).toBe('xstate.init');
  expect(calls.map(({ actorId }) => actorId)).toEqual(['restoreSession']);
  let previous = actor.getSnapshot();
  for (const step of steps) {
    const callsBefore = calls.length;
    const actorId = actorIdOf(step.event.type);
    if (actorId) {
      const call = calls.at(-1)!;
      expect(call.actorId).toBe(actorId);
      expect(call.input).toEqual(expectedInput(actorId, previous));
      const answer = step.event as unknown as Answer;
      if ('output' in answer) call.resolve(answer.output);
      else call.reject(answer.error);
      await settled();
    } else {
      actor.send(step.event);
    }
    const reached = actor.getSnapshot();
    expect(serializeState(reached)).toBe(serializeState(step.state));
    expectConsistent(reached);
    // A call is made exactly when a busy state is entered: a refused attempt makes none.
    const entered = stateOf(reached) !== stateOf(previous);
    const expectedCall = entered ? callOfState[stateOf(reached)] : undefined;
    expect(calls.slice(callsBefore).map((call) => call.actorId)).toEqual(expectedCall ? [expectedCall] : []);
    previous = reached;
  }
  return actor.getSnapshot();
}

describe(authShortestPaths.suite, () => {
  const endStates = authShortestPaths.paths.map(({ path }) => path.state);

  it('reach every state of the lifecycle', () => {
    expect(new Set(endStates.map(stateOf))).toEqual(
      new Set([
        'restoring',
        'signedOut',
        'signingIn',
        'signingUp',
        'awaitingConfirmation',
        'confirmingSignUp',
        'resendingCode',
        'signingInAfterConfirmation',
        'requestingPasswordReset',
        'awaitingNewPassword',
        'requestingAnotherResetCode',
        'resettingPassword',
        'signedIn.checkingAccount',
        'signedIn.loadingAccount',
        'signedIn.noAccount',
        'signedIn.creatingAccount',
        'signedIn.ready',
        'signedIn.deletingAccount',
        'signingOut',
      ]),
    );
  });

  it('reach each failure and each notice', () => {
    expect(new Set(endStates.map((state) => state.context.failure?.step))).toEqual(
      new Set([undefined, 'signIn', 'signUp', 'confirmSignUp', 'resendCode', 'requestPasswordReset', 'resetPassword', 'createAccount', 'loadAccount', 'deleteAccount']),
    );
    expect(new Set(endStates.map((state) => state.context.notice))).toEqual(
      new Set([undefined, 'codeResent', 'resetCodeSent', 'resetEmailToCorrect', 'accountConfirmed', 'passwordChanged', 'accountDeleted', 'signedOutAfterAccountError']),
    );
  });

  for (const { name, path } of authShortestPaths.paths) it(name, () => replay(path));
});
