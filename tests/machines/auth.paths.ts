import { getShortestPaths, type StatePath } from '@xstate/graph';
import { authMachine, type AccountProfile, type AuthEvent, type AuthSession, type AuthSnapshot } from '../../machines/auth/authMachine';
import type { ApiError } from '../../src/domain/apiErrors';
import type { PathSet } from '../paths/catalogue';

export const EMAIL = 'mei@example.com';
export const PASSWORD = 'jasmine tea';
export const NEW_PASSWORD = 'oolong leaves';
export const ORDER = { orderRef: 'order-7f3a', points: 23 };

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
  { type: 'USE_ANOTHER_EMAIL' },
  { type: 'CREATE_ACCOUNT', name: ' Mei Chen ', phone: '0113 496 0123' },
  { type: 'CARRY_GUEST_DETAILS', email: EMAIL, name: 'Mei Chen', phone: '07700 900456' },
  { type: 'CREATE_ACCOUNT', name: 'Mei Chen', phone: '12345' },
  { type: 'ACCOUNT_CHANGED', account: changedAccount },
  { type: 'RELOAD_ACCOUNT' },
  { type: 'DELETE_ACCOUNT' },
  { type: 'SIGN_OUT' },
  { type: 'SESSION_EXPIRED' },
  { type: 'SESSION_REFRESHED', session: refreshedSession },
  { type: 'DISMISS_MESSAGES' },
];

export type ActorId =
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
export type Answer = { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };

const done = (id: ActorId, output?: unknown): Answer => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: ActorId, error: unknown): Answer => ({ type: `xstate.error.actor.${id}`, error });

/** docs/accounts.md, written out apart from the machine: the call each busy state makes. */
export const callOfState: Record<string, ActorId> = {
  restoring: 'restoreSession',
  signingIn: 'signIn',
  signingUp: 'signUp',
  confirmingSignUp: 'confirmSignUp',
  resendingCode: 'resendCode',
  signingInAfterConfirmation: 'signIn',
  requestingPasswordReset: 'requestPasswordReset',
  requestingAnotherResetCode: 'requestPasswordReset',
  resettingPassword: 'resetPassword',
  'signedIn.checkingAccount': 'doLogin',
  'signedIn.loadingAccount': 'getAccount',
  'signedIn.creatingAccount': 'createAccount',
  'signedIn.deletingAccount': 'deleteAccount',
  signingOut: 'signOut',
};

export const stateOf = (snapshot: AuthSnapshot): string =>
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
export const serializeState = (snapshot: AuthSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    user: snapshot.context.user !== undefined,
    idToken: snapshot.context.idToken,
    account: snapshot.context.account?.name,
    email: snapshot.context.email,
    password: snapshot.context.password,
    pendingOrder: snapshot.context.pendingOrder !== undefined,
    guestDetails: snapshot.context.guestDetails !== undefined,
    failure: snapshot.context.failure,
    notice: snapshot.context.notice,
  });

export const actorIdOf = (type: string) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(type)?.[1] as ActorId | undefined;

function describeStep(event: AuthEvent | Answer): string {
  const actorId = actorIdOf(event.type);
  if (!actorId) {
    const { type, ...payload } = event as AuthEvent;
    return Object.keys(payload).length ? `${type} ${JSON.stringify(payload).slice(0, 60)}` : type;
  }
  if ('error' in event) return `${actorId} fails (${(event.error as { name?: string; status?: number }).name ?? (event.error as ApiError).status})`;
  return `${actorId} answers`;
}

export const describePath = (path: StatePath<AuthSnapshot, AuthEvent>) =>
  `${stateOf(path.state)}: ${path.steps
    .slice(1)
    .map(({ event }) => describeStep(event))
    .join(' → ') || 'start'}`;

export const authShortestPaths: PathSet<AuthSnapshot, AuthEvent> = {
  machine: 'machines/auth/authMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/auth.paths.test.ts',
  suite: 'auth statechart: generated shortest paths',
  paths: getShortestPaths(authMachine, {
    events: (snapshot) => [...customerEvents, ...answersFor(snapshot)] as unknown as AuthEvent[],
    serializeState,
  }).map((path) => ({ name: describePath(path), path })),
};
