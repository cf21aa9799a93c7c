import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, currentIdToken, type AuthSession } from '../../machines/auth/authMachine';
import { identityErrorName, isUserNotConfirmed, signInErrorMessage } from '../../machines/auth/signInErrors';

const named = (name: string) => Object.assign(new Error(`${name} from the identity service`), { name });

describe('sign-in error messages', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect email or password.'],
    ['InvalidPasswordException', 'Incorrect email or password.'],
    ['UserNotFoundException', 'Incorrect email or password.'],
    ['EmptySignInUsername', 'Enter your email and password.'],
    ['EmptySignInPassword', 'Enter your email and password.'],
    ['LimitExceededException', 'Too many attempts. Please wait a few minutes and try again.'],
    ['TooManyRequestsException', 'Too many attempts. Please wait a few minutes and try again.'],
    ['TooManyFailedAttemptsException', 'Too many attempts. Please wait a few minutes and try again.'],
    ['PasswordResetRequiredException', 'Your password must be reset. Use Forgot password to choose a new one.'],
  ])('%s reads "%s"', (name, message) => {
    expect(signInErrorMessage(named(name))).toBe(message);
  });

  it('reads a plain object carrying a name as well as an Error', () => {
    expect(signInErrorMessage({ name: 'NotAuthorizedException' })).toBe('Incorrect email or password.');
    expect(identityErrorName({ name: 'UserNotConfirmedException' })).toBe('UserNotConfirmedException');
  });

  it.each([[new TypeError('Failed to fetch')], [named('InternalErrorException')], [named('constructor')], ['a string'], [undefined]])(
    'anything else (%s) says the service is unavailable',
    (error) => {
      expect(signInErrorMessage(error)).toBe('Sign-in is unavailable just now. Please try again.');
    },
  );

  it('recognises an unconfirmed account and nothing else as one', () => {
    expect(isUserNotConfirmed(named('UserNotConfirmedException'))).toBe(true);
    expect(isUserNotConfirmed(named('NotAuthorizedException'))).toBe(false);
    expect(isUserNotConfirmed(undefined)).toBe(false);
  });
});

const session: AuthSession = { idToken: 'id-token', user: { sub: 'sub-1', email: 'diner@example.com', groups: [] } };

function actorWith(actors: Partial<Parameters<typeof authMachine.provide>[0]['actors']>) {
  return createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise<AuthSession | undefined>(async () => undefined),
        signIn: fromPromise(async () => session),
        signOut: fromPromise<void>(async () => {}),
        ...actors,
      },
    }),
  ).start();
}

describe('auth statechart', () => {
  it('passes the typed email and password to the sign-in actor and remembers the email', async () => {
    const received: unknown[] = [];
    const auth = actorWith({
      signIn: fromPromise(async ({ input }) => {
        received.push(input);
        return session;
      }),
    });
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    auth.send({ type: 'SIGN_IN', email: 'diner@example.com', password: 'secret words' });
    const signedIn = await waitFor(auth, (snapshot) => snapshot.matches('signedIn'));
    expect(received).toEqual([{ email: 'diner@example.com', password: 'secret words' }]);
    expect(signedIn.context.email).toBe('diner@example.com');
    expect(currentIdToken(signedIn)).toBe('id-token');
  });

  it('keeps the unconfirmed email for the confirm-account screen, tagged unconfirmed, with no error message', async () => {
    const auth = actorWith({ signIn: fromPromise(() => Promise.reject(named('UserNotConfirmedException'))) });
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    auth.send({ type: 'SIGN_IN', email: 'new@example.com', password: 'secret words' });
    const unconfirmed = await waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
    expect(unconfirmed.value).toBe('awaitingConfirmation');
    expect(unconfirmed.hasTag('unconfirmed')).toBe(true);
    expect(unconfirmed.context).toMatchObject({ email: 'new@example.com', errorMessage: undefined, idToken: undefined });
  });

  it('clears the error message when the customer tries again', async () => {
    let attempts = 0;
    const auth = actorWith({
      signIn: fromPromise(() => (++attempts === 1 ? Promise.reject(named('NotAuthorizedException')) : new Promise<AuthSession>(() => {}))),
    });
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    auth.send({ type: 'SIGN_IN', email: 'diner@example.com', password: 'wrong' });
    const refused = await waitFor(auth, (snapshot) => snapshot.context.errorMessage !== undefined);
    expect(refused.context.errorMessage).toBe('Incorrect email or password.');
    auth.send({ type: 'SIGN_IN', email: 'diner@example.com', password: 'right' });
    expect(auth.getSnapshot().value).toBe('signingIn');
    expect(auth.getSnapshot().context.errorMessage).toBeUndefined();
  });

  it('ignores sign-in attempts while the session is being restored', () => {
    const auth = actorWith({ restoreSession: fromPromise(() => new Promise<AuthSession | undefined>(() => {})) });
    auth.send({ type: 'SIGN_IN', email: 'diner@example.com', password: 'secret words' });
    expect(auth.getSnapshot().value).toBe('restoring');
    expect(auth.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('without the real actors, restores no session and reports sign-in unavailable', async () => {
    const auth = createActor(authMachine).start();
    const settled = await waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
    expect(settled.value).toBe('signedOut');
    auth.send({ type: 'SIGN_IN', email: 'diner@example.com', password: 'secret words' });
    const refused = await waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
    expect(refused.context.errorMessage).toBe('Sign-in is unavailable just now. Please try again.');
  });
});
