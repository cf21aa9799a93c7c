import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, currentIdToken, type AuthEvent, type AuthSession, type AuthSnapshot } from '../../machines/auth/authMachine';

const staffSession: AuthSession = {
  idToken: 'id-token-1',
  user: { sub: 'sub-1', email: 'kitchen@golden-dragon.example', groups: ['kitchen'] },
};
const refreshedSession: AuthSession = { ...staffSession, idToken: 'id-token-2' };

type ActorId = 'restoreSession' | 'signIn' | 'signOut';
type Outcome = { resolve: unknown } | { reject: unknown };

// What the invoked actors answer is part of the model: the traversal takes the done/error events of each invoke
// as inputs, and the replay makes the real actor's invokes answer the same way in the same order.
const actorEvents = [
  { type: 'xstate.done.actor.restoreSession', output: staffSession },
  { type: 'xstate.done.actor.restoreSession', output: undefined },
  { type: 'xstate.error.actor.restoreSession', error: new Error('storage unreadable') },
  { type: 'xstate.done.actor.signIn', output: staffSession },
  { type: 'xstate.error.actor.signIn', error: { name: 'NotAuthorizedException' } },
  { type: 'xstate.error.actor.signIn', error: { name: 'UserNotConfirmedException' } },
  { type: 'xstate.error.actor.signIn', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: { name: 'NetworkError' } },
];
const userEvents: AuthEvent[] = [
  { type: 'SIGN_IN', email: 'kitchen@golden-dragon.example', password: 'kitchen-demo-2026' },
  { type: 'SIGN_OUT' },
  { type: 'SESSION_EXPIRED' },
  { type: 'SESSION_REFRESHED', session: refreshedSession },
];
// The done/error events are not AuthEvents (the machine receives them from its own invokes), hence the cast.
const events = [...userEvents, ...actorEvents] as AuthEvent[];

// The whole context can be part of a state's identity: every event above carries a fixed payload, so the
// context only ever takes a handful of values and the traversal ends.
const serializeState = (snapshot: AuthSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

const traversal = { events, serializeState };
const simplePaths = getSimplePaths(authMachine, traversal);
const shortestPaths = getShortestPaths(authMachine, traversal);

function actorIdOf(eventType: string): ActorId | undefined {
  return /^xstate\.(?:done|error)\.actor\.(restoreSession|signIn|signOut)$/.exec(eventType)?.[1] as ActorId | undefined;
}

function scriptedMachine(path: StatePath<AuthSnapshot, AuthEvent>) {
  const outcomes: Record<ActorId, Outcome[]> = { restoreSession: [], signIn: [], signOut: [] };
  for (const { event } of path.steps) {
    const actorId = actorIdOf(event.type);
    if (!actorId) continue;
    outcomes[actorId].push('error' in event ? { reject: event.error } : { resolve: (event as { output?: unknown }).output });
  }
  // An invoke with no scripted answer is one the path ends inside of: it stays pending.
  const scripted = <Output>(actorId: ActorId) =>
    fromPromise<Output, any>(() => {
      const outcome = outcomes[actorId].shift();
      if (!outcome) return new Promise<Output>(() => {});
      return 'reject' in outcome ? Promise.reject(outcome.reject) : Promise.resolve(outcome.resolve as Output);
    });
  return authMachine.provide({
    actors: {
      restoreSession: scripted<AuthSession | undefined>('restoreSession'),
      signIn: scripted<AuthSession>('signIn'),
      signOut: scripted<void>('signOut'),
    },
  });
}

function expectInvariants(snapshot: AuthSnapshot) {
  const signedIn = snapshot.matches('signedIn');
  expect(currentIdToken(snapshot) !== undefined).toBe(signedIn);
  if (!signedIn && !snapshot.matches('signingOut')) {
    expect(snapshot.context.idToken).toBeUndefined();
    expect(snapshot.context.user).toBeUndefined();
  }
  if (signedIn) expect(snapshot.context.user?.email).toBe('kitchen@golden-dragon.example');
  if (!snapshot.matches('signedOut')) expect(snapshot.context.errorMessage).toBeUndefined();
  expect(snapshot.hasTag('busy')).toBe(['restoring', 'signingIn', 'signingOut'].some((state) => snapshot.matches(state as never)));
  expect(snapshot.hasTag('unconfirmed')).toBe(snapshot.matches('awaitingConfirmation'));
}

async function replay(path: StatePath<AuthSnapshot, AuthEvent>) {
  const [initialStep, ...steps] = path.steps;
  expect(initialStep.event.type).toBe('xstate.init');
  const actor = createActor(scriptedMachine(path));
  actor.start();
  try {
    for (const step of [initialStep, ...steps]) {
      if (step !== initialStep && !actorIdOf(step.event.type)) actor.send(step.event);
      const expected = serializeState(step.state);
      const reached = await waitFor(actor, (snapshot) => serializeState(snapshot) === expected, { timeout: 1000 });
      expect(reached.value).toEqual(step.state.value);
      expect(reached.context).toEqual(step.state.context);
      expectInvariants(reached);
    }
  } finally {
    actor.stop();
  }
}

const describePath = (path: StatePath<AuthSnapshot, AuthEvent>) =>
  path.steps
    .slice(1)
    .map(({ event, state }) => `${event.type}${'error' in event ? `(${String((event.error as Error).name)})` : ''} → ${JSON.stringify(state.value)}`)
    .join(', ') || 'start';

describe('auth statechart: generated paths', () => {
  it('reaches every state of the machine', () => {
    const reachedStates = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    expect(reachedStates).toEqual(
      new Set(['restoring', 'signedOut', 'awaitingConfirmation', 'signingIn', 'signedIn', 'signingOut'].map((state) => JSON.stringify(state))),
    );
  });

  describe('shortest paths', () => {
    it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      await replay(path);
    });
  });

  describe('simple paths', () => {
    it('are a manageable number of distinct paths', () => {
      expect(simplePaths.length).toBeGreaterThan(shortestPaths.length);
      expect(simplePaths.length).toBeLessThan(2000);
    });

    it.each(simplePaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      await replay(path);
    });
  });
});
