import { getShortestPaths, type StatePath } from '@xstate/graph';
import { transition, type ActorLogic, type AnyActorScope } from 'xstate';
import { authMachine, type AccountProfile, type AuthEvent, type AuthSession, type AuthSnapshot } from '../../../machines/auth/authMachine';
import { stateOf, type ActorId, type Answer } from '../../machines/auth.paths';
import type { PathSet } from '../../paths/catalogue';
import { moveFrom, shortestPerKey, withoutPrefixes } from './screenMoves';

/** The model's customer: in the browser, an email of the path's own, registered through the screens. */
export const EMAIL = 'model@example.com';
export const PASSWORD = 'jasmine-tea-42';
export const NEW_PASSWORD = 'lapsang-souchong-7';
/** Every code the local identity emulator sends (docs/identity.md). */
export const EMAILED_CODE = '123456';
export const PROFILE = { name: 'Mei Lin', phone: '07700 900123' };

/**
 * What the identity service and the account API hold for the customer, beside the statechart: the statechart forgets
 * (a sign-out drops the account it held), the services do not, and their answers follow from it.
 */
export type IdentityWorld = {
  user: 'none' | 'unconfirmed' | 'confirmed';
  account: boolean;
  password: typeof PASSWORD | typeof NEW_PASSWORD;
  /** What the customer last typed, which the call in flight sends. */
  typedPassword?: string;
};

export type AuthWorldSnapshot = AuthSnapshot & { world: IdentityWorld };
export type AuthStep = AuthEvent | Answer;

const session: AuthSession = { idToken: 'model-id-token', user: { sub: 'model-sub', email: EMAIL, groups: [] } };
const account = { authId: 'model-sub', email: EMAIL, ...PROFILE } as AccountProfile;

const done = (id: ActorId, output?: unknown): Answer => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: ActorId, name: string): Answer => ({ type: `xstate.error.actor.${id}`, error: { name, message: `${name} from the identity service` } });

/** What the services answer the call in flight, as they hold the customer. */
function answerOf(snapshot: AuthWorldSnapshot): Answer | undefined {
  const { world } = snapshot;
  switch (stateOf(snapshot)) {
    case 'restoring':
      // Each path starts in a browser of its own: no stored session.
      return done('restoreSession', undefined);
    case 'signingIn':
      if (world.user === 'none') return failed('signIn', 'UserNotFoundException');
      if (world.typedPassword !== world.password) return failed('signIn', 'NotAuthorizedException');
      return world.user === 'unconfirmed' ? failed('signIn', 'UserNotConfirmedException') : done('signIn', session);
    case 'signingInAfterConfirmation':
      return done('signIn', session);
    case 'signingUp':
      return done('signUp');
    case 'confirmingSignUp':
      return done('confirmSignUp');
    case 'requestingPasswordReset':
    case 'requestingAnotherResetCode':
      return done('requestPasswordReset');
    case 'resettingPassword':
      return done('resetPassword');
    case 'signedIn.checkingAccount':
      return done('doLogin', { accountExists: world.account });
    case 'signedIn.loadingAccount':
      return done('getAccount', account);
    case 'signedIn.creatingAccount':
      return done('createAccount', account);
    case 'signedIn.deletingAccount':
      return done('deleteAccount');
    case 'signingOut':
      return done('signOut');
    default:
      return undefined;
  }
}

/**
 * What the customer does on the auth screens (register, confirm, create, sign in, reset, sign out, delete), each where
 * the screens offer it and the customer could: registering needs an email not yet registered, a reset a confirmed one.
 * Signing in is tried with the password the customer has, and with a wrong one.
 */
function customerSteps(snapshot: AuthWorldSnapshot): AuthEvent[] {
  const { world } = snapshot;
  const signIn: AuthEvent[] =
    world.user === 'none'
      ? []
      : [
          { type: 'SIGN_IN', email: EMAIL, password: world.password },
          { type: 'SIGN_IN', email: EMAIL, password: 'not-the-password' },
        ];
  switch (stateOf(snapshot)) {
    case 'signedOut':
      return [
        ...(world.user === 'none' ? [{ type: 'SIGN_UP', email: EMAIL, password: PASSWORD } as const] : []),
        ...signIn,
        ...(world.user === 'confirmed' ? [{ type: 'REQUEST_PASSWORD_RESET', email: EMAIL } as const] : []),
      ];
    case 'awaitingConfirmation':
      return [{ type: 'CONFIRM_SIGN_UP', email: EMAIL, code: EMAILED_CODE }];
    case 'awaitingNewPassword':
      return [{ type: 'RESET_PASSWORD', email: EMAIL, code: EMAILED_CODE, newPassword: NEW_PASSWORD }, { type: 'USE_ANOTHER_EMAIL' }];
    case 'signedIn.noAccount':
      return [{ type: 'CREATE_ACCOUNT', ...PROFILE }];
    case 'signedIn.ready':
      return [{ type: 'SIGN_OUT' }, { type: 'DELETE_ACCOUNT' }];
    default:
      return [];
  }
}

function nextSteps(snapshot: AuthWorldSnapshot): AuthStep[] {
  if (snapshot.hasTag('busy')) {
    const answer = answerOf(snapshot);
    return answer ? [answer] : [];
  }
  return customerSteps(snapshot);
}

/** How the services' hold of the customer changes with what the customer types and what the services did. */
function worldAfter(world: IdentityWorld, step: AuthStep): IdentityWorld {
  switch (step.type) {
    case 'SIGN_IN':
      return { ...world, typedPassword: step.password };
    case 'xstate.done.actor.signUp':
      return { ...world, user: 'unconfirmed' };
    case 'xstate.done.actor.confirmSignUp':
      return { ...world, user: 'confirmed' };
    case 'xstate.done.actor.createAccount':
      return { ...world, account: true };
    case 'xstate.done.actor.resetPassword':
      return { ...world, password: NEW_PASSWORD };
    case 'xstate.done.actor.deleteAccount':
      return { user: 'none', account: false, password: PASSWORD };
    default:
      return world;
  }
}

const FRESH_WORLD: IdentityWorld = { user: 'none', account: false, password: PASSWORD };

/** The statechart beside the services that answer it (not a machine: @xstate/graph then sends only the steps given). */
const authInTheWorld: ActorLogic<AuthWorldSnapshot, AuthEvent> = {
  transition: (snapshot, event, scope) => ({
    ...authMachine.transition(snapshot, event, scope as AnyActorScope),
    world: worldAfter(snapshot.world, event),
  }),
  getInitialSnapshot: (scope, input) => ({ ...authMachine.getInitialSnapshot(scope as AnyActorScope, input), world: FRESH_WORLD }),
  getPersistedSnapshot: (snapshot) => snapshot,
};

export const isResting = (snapshot: AuthWorldSnapshot) => !snapshot.hasTag('busy');
export const isAnswer = (step: AuthStep) => /^xstate\.(done|error)\.actor\./.test(step.type);

/** What the screens show at a resting state: the state, and the notice or failure they tell. */
export function screenOf(snapshot: AuthWorldSnapshot): string {
  const { notice, failure } = snapshot.context;
  return JSON.stringify({ state: stateOf(snapshot), notice, failure: failure?.step });
}

const traversal = {
  events: (snapshot: AuthWorldSnapshot) => nextSteps(snapshot) as AuthEvent[],
  serializeState: (snapshot: AuthWorldSnapshot) => JSON.stringify({ screen: screenOf(snapshot), world: snapshot.world, password: snapshot.context.password !== undefined }),
};

type AuthPath = StatePath<AuthWorldSnapshot, AuthEvent>;

/**
 * Every move between screens: from each screen the customer can stand at, each step the screens offer there, with the
 * services' answers, to the next screen; each walked once, after the shortest path to a screen that offers it.
 */
const moves = shortestPerKey(
  getShortestPaths(authInTheWorld, traversal)
    .filter((prefix) => isResting(prefix.state))
    .flatMap((prefix) =>
      customerSteps(prefix.state).flatMap((step) => {
        const next = { ...transition(authMachine, prefix.state, step)[0], world: worldAfter(prefix.state.world, step) };
        const move = moveFrom(authInTheWorld, traversal, isResting, prefix, step, next);
        const wrongPassword = step.type === 'SIGN_IN' && step.password !== prefix.state.world.password;
        return move === undefined ? [] : [[JSON.stringify({ from: screenOf(prefix.state), step: step.type, wrongPassword, to: screenOf(move.state) }), move] as const];
      }),
    ),
);

function describeStep(step: AuthStep): string {
  if (step.type === 'SIGN_IN') return step.password === PASSWORD || step.password === NEW_PASSWORD ? `SIGN_IN (${step.password === PASSWORD ? 'password' : 'new password'})` : 'SIGN_IN (wrong password)';
  return step.type;
}

/** A path's name: the customer's steps, and where each led when it was not where the screens go on success. */
export const describeAuthPath = (path: AuthPath) =>
  path.steps
    .slice(1)
    .filter(({ event }) => !isAnswer(event))
    .map(({ event }) => describeStep(event))
    .join(' → ');

export const authBrowserPaths: PathSet<AuthWorldSnapshot, AuthEvent> = {
  machine: 'machines/auth/authMachine.ts',
  where: 'browser',
  testFile: 'tests/e2e/authPaths.spec.ts',
  suite: 'auth statechart: every move between the account screens (register, confirm, create, sign in, reset, sign out, delete), through the real UI',
  paths: withoutPrefixes(moves)
    .sort((a, b) => a.steps.length - b.steps.length)
    .map((path) => ({ name: describeAuthPath(path), path })),
};
