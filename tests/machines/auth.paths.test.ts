import { getShortestPaths, type StatePath } from '@xstate/graph';
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
  type AccountProfile,
  type AuthEvent,
  type AuthSession,
  type AuthSnapshot,
  type AuthStep,
} from '../../machines/auth/authMachine';
import type { ApiError } from '../../src/api/errors';

const EMAIL = 'mei@example.com';
const PASSWORD = 'jasmine tea';
const NEW_PASSWORD = 'oolong leaves';
const ORDER = { orderRef: 'order-7f3a', points: 23 };

const session: AuthSession = { idToken: 'id-token-1', user: { sub: 'sub-mei', email: EMAIL, groups: [] } };
const refreshedSession: AuthSession = { ...session, idToken: 'id-token-2' };

function accountWith(changes: Partial<AccountProfile> = {}): AccountProfile {
  return {
    authId: 'sub-mei',
    loyaltyId: 'GD7KM-3XQ9P',
    email: EMAIL,
    name: 'Mei Chen',
    phone: '0113 496 0123',
    discount: 10,
    vouchers: [],
    pointsVouchers: [],
    daySpecificVouchers: [],
    orders: [],
    addresses: [],
    points: 0,
    ...changes,
  };
}
const account = accountWith();
const changedAccount = accountWith({ name: 'Mei Chen-Wong' });

const named = (name: string) => ({ name, message: `${name} from the identity service` });
const apiError = (status: number, message: string | null): ApiError => ({ status, message, validationErrors: [] });

// The customer's events, a good and a refused version of each attempt (the refused ones must never reach a call).
const customerEvents: AuthEvent[] = [
  { type: 'SIGN_IN', email: EMAIL, password: PASSWORD },
  { type: 'SIGN_IN', email: EMAIL, password: '' },
  { type: 'SIGN_UP', email: EMAIL, password: PASSWORD, pendingOrder: ORDER },
  { type: 'SIGN_UP', email: EMAIL, password: 'short' },
  { type: 'SIGN_UP', email: 'mei@', password: PASSWORD },
  { type: 'CONFIRM_SIGN_UP', email: EMAIL, code: ' 123456 ' },
  { type: 'CONFIRM_SIGN_UP', email: EMAIL, code: ' ' },
  { type: 'RESEND_CODE', email: EMAIL },
  { type: 'RESEND_CODE', email: '' },
  { type: 'REQUEST_PASSWORD_RESET', email: ` ${EMAIL} ` },
  { type: 'REQUEST_PASSWORD_RESET', email: ' ' },
  { type: 'RESET_PASSWORD', email: EMAIL, code: '654321', newPassword: NEW_PASSWORD },
  { type: 'RESET_PASSWORD', email: EMAIL, code: '654321', newPassword: 'short' },
  { type: 'RESET_PASSWORD', email: EMAIL, code: '', newPassword: NEW_PASSWORD },
  { type: 'CREATE_ACCOUNT', name: ' Mei Chen ', phone: '0113 496 0123' },
  { type: 'CREATE_ACCOUNT', name: 'Mei Chen', phone: '12345' },
  { type: 'ACCOUNT_CHANGED', account: changedAccount },
  { type: 'RELOAD_ACCOUNT' },
  { type: 'DELETE_ACCOUNT' },
  { type: 'SIGN_OUT' },
  { type: 'SESSION_EXPIRED' },
  { type: 'SESSION_REFRESHED', session: refreshedSession },
  { type: 'DISMISS_MESSAGES' },
];

type ActorId =
  | 'restoreSession'
  | 'signIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendCode'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'doLogin'
  | 'getAccount'
  | 'createAccount'
  | 'deleteAccount'
  | 'signOut';
type Answer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };

const done = (id: ActorId, output?: unknown): Answer => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: ActorId, error: unknown): Answer => ({ type: `xstate.error.actor.${id}`, error });

/** docs/accounts.md, written out apart from the machine: the call each busy state makes. */
const callOfState: Record<string, ActorId> = {
  restoring: 'restoreSession',
  signingIn: 'signIn',
  signingUp: 'signUp',
  confirmingSignUp: 'confirmSignUp',
  resendingCode: 'resendCode',
  signingInAfterConfirmation: 'signIn',
  requestingPasswordReset: 'requestPasswordReset',
  resettingPassword: 'resetPassword',
  'signedIn.checkingAccount': 'doLogin',
  'signedIn.loadingAccount': 'getAccount',
  'signedIn.creatingAccount': 'createAccount',
  'signedIn.deletingAccount': 'deleteAccount',
  signingOut: 'signOut',
};

const stateOf = (snapshot: AuthSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([parent, child]) => `${parent}.${String(child)}`)[0];

/** What the services may answer to the call in flight: success, and each kind of failure the state handles. */
function answersFor(snapshot: AuthSnapshot): Answer[] {
  switch (callOfState[stateOf(snapshot)]) {
    case 'restoreSession':
      return [done('restoreSession', session), done('restoreSession', undefined), failed('restoreSession', new Error('storage unreadable'))];
    case 'signIn':
      return [
        done('signIn', session),
        failed('signIn', named('NotAuthorizedException')),
        failed('signIn', named('UserNotConfirmedException')),
        failed('signIn', new TypeError('Failed to fetch')),
      ];
    case 'signUp':
      return [done('signUp'), failed('signUp', named('UsernameExistsException'))];
    case 'confirmSignUp':
      return [done('confirmSignUp'), failed('confirmSignUp', named('CodeMismatchException'))];
    case 'resendCode':
      return [done('resendCode'), failed('resendCode', named('LimitExceededException'))];
    case 'requestPasswordReset':
      return [done('requestPasswordReset'), failed('requestPasswordReset', named('UserNotFoundException'))];
    case 'resetPassword':
      return [done('resetPassword'), failed('resetPassword', named('ExpiredCodeException'))];
    case 'doLogin':
      return [done('doLogin', { accountExists: true }), done('doLogin', { accountExists: false }), failed('doLogin', apiError(503, 'Unexpected server error 503'))];
    case 'getAccount':
      return [done('getAccount', account), failed('getAccount', apiError(500, null))];
    case 'createAccount':
      return [done('createAccount', account), failed('createAccount', apiError(400, 'You already have an account'))];
    case 'deleteAccount':
      return [
        done('deleteAccount'),
        failed('deleteAccount', apiError(401, 'Sign in to continue')),
        failed('deleteAccount', apiError(503, 'Unexpected server error 503')),
        failed('deleteAccount', named('NetworkError')),
      ];
    case 'signOut':
      return [done('signOut'), failed('signOut', named('NetworkError'))];
    default:
      return [];
  }
}

// Every event carries a fixed payload, so the context takes only a few values: what it holds is part of the state.
const serializeState = (snapshot: AuthSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    user: snapshot.context.user !== undefined,
    idToken: snapshot.context.idToken,
    account: snapshot.context.account?.name,
    email: snapshot.context.email,
    password: snapshot.context.password,
    pendingOrder: snapshot.context.pendingOrder !== undefined,
    failure: snapshot.context.failure,
    notice: snapshot.context.notice,
  });

const paths = getShortestPaths(authMachine, {
  events: (snapshot) => [...customerEvents, ...answersFor(snapshot)] as unknown as AuthEvent[],
  serializeState,
});

const BUSY_STATES = Object.keys(callOfState);
const PASSWORD_STATES = ['signingIn', 'signingUp', 'awaitingConfirmation', 'confirmingSignUp', 'resendingCode', 'signingInAfterConfirmation'];
const ACCOUNT_STATES = ['signedIn.ready', 'signedIn.deletingAccount'];

/** The input each call must be made with, given what the customer typed (see customerEvents). */
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

const actorIdOf = (type: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(type)?.[1] as ActorId | undefined;

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

function describeStep(event: AuthEvent | Answer): string {
  const actorId = actorIdOf(event.type);
  if (!actorId) {
    const { type, ...payload } = event as AuthEvent;
    return Object.keys(payload).length ? `${type} ${JSON.stringify(payload).slice(0, 60)}` : type;
  }
  if ('error' in event) return `${actorId} fails (${(event.error as { name?: string; status?: number }).name ?? (event.error as ApiError).status})`;
  return `${actorId} answers`;
}

const describePath = (path: StatePath<AuthSnapshot, AuthEvent>) =>
  `${stateOf(path.state)}: ${path.steps
    .slice(1)
    .map(({ event }) => describeStep(event))
    .join(' → ') || 'start'}`;

describe('auth statechart: generated shortest paths', () => {
  const endStates = paths.map((path) => path.state);

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
      new Set([undefined, 'codeResent', 'resetCodeSent', 'accountConfirmed', 'passwordChanged', 'accountDeleted', 'signedOutAfterAccountError']),
    );
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await replay(path);
  });
});
