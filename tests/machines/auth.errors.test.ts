import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type PromiseActorLogic } from 'xstate';
import {
  accountRouteRedirect,
  authDestination,
  authMachine,
  currentIdToken,
  failureFor,
  heldAccount,
  isAuthSettled,
  type AccountProfile,
  type AuthEvent,
  type AuthSession,
  type AuthSnapshot,
} from '../../machines/auth/authMachine';
import { noticeText } from '../../machines/auth/authNotices';
import {
  EMAIL_ALREADY_REGISTERED_MESSAGE,
  INCORRECT_CREDENTIALS_MESSAGE,
  WRONG_CODE_MESSAGE,
  identityErrorMessage,
  identityErrorName,
  identityFailureAt,
  isUserNotConfirmed,
  type IdentityStep,
} from '../../machines/auth/identityErrors';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../src/domain/passwordRules';

const named = (name: string) => Object.assign(new Error(`${name} from the identity service`), { name });

describe('identity error messages', () => {
  const incorrect = 'Incorrect email or password.';
  const tooMany = 'Too many attempts. Please wait a few minutes and try again.';
  const weakPassword = 'Choose a password of at least 8 characters.';
  const wrongCode = 'That code is not right. Check the code in our email and try again.';
  const expiredCode = 'That code has expired. Ask us to send you a new one.';
  const noAccount = 'We cannot find an account with this email. Check it, or register for an account.';
  const alreadyConfirmed = 'This account is already confirmed. Sign in to continue.';

  it.each<[IdentityStep, string, string]>([
    ['signIn', 'NotAuthorizedException', incorrect],
    // cognito-local's answer to a wrong sign-in password: never read as a weak password there.
    ['signIn', 'InvalidPasswordException', incorrect],
    ['signIn', 'UserNotFoundException', incorrect],
    ['signIn', 'EmptySignInUsername', 'Enter your email and password.'],
    ['signIn', 'EmptySignInPassword', 'Enter your email and password.'],
    ['signIn', 'PasswordResetRequiredException', 'Your password must be reset. Use Forgot password to choose a new one.'],
    ['signIn', 'LimitExceededException', tooMany],
    ['signIn', 'TooManyRequestsException', tooMany],
    ['signIn', 'TooManyFailedAttemptsException', tooMany],
    ['signUp', 'UsernameExistsException', 'An account with this email already exists. Sign in or reset your password.'],
    ['signUp', 'InvalidPasswordException', weakPassword],
    ['signUp', 'InvalidParameterException', 'Enter a valid email address, for example name@example.com.'],
    ['signUp', 'TooManyRequestsException', tooMany],
    ['confirmSignUp', 'CodeMismatchException', wrongCode],
    ['confirmSignUp', 'ExpiredCodeException', expiredCode],
    ['confirmSignUp', 'NotAuthorizedException', alreadyConfirmed],
    ['confirmSignUp', 'TooManyFailedAttemptsException', tooMany],
    ['resendCode', 'InvalidParameterException', alreadyConfirmed],
    ['resendCode', 'UserNotFoundException', noAccount],
    ['resendCode', 'LimitExceededException', tooMany],
    ['requestPasswordReset', 'UserNotFoundException', noAccount],
    ['requestPasswordReset', 'InvalidParameterException', 'Enter a valid email address, for example name@example.com.'],
    ['requestPasswordReset', 'LimitExceededException', tooMany],
    ['resetPassword', 'CodeMismatchException', wrongCode],
    ['resetPassword', 'ExpiredCodeException', expiredCode],
    ['resetPassword', 'InvalidPasswordException', weakPassword],
    ['resetPassword', 'UserNotFoundException', noAccount],
    ['deleteAccount', 'TooManyRequestsException', tooMany],
  ])('%s: %s reads "%s"', (step, name, message) => {
    expect(identityErrorMessage(step, named(name))).toBe(message);
  });

  it('reads a plain object carrying a name as well as an Error', () => {
    expect(identityErrorMessage('signIn', { name: 'NotAuthorizedException' })).toBe(incorrect);
    expect(identityErrorName({ name: 'UserNotConfirmedException' })).toBe('UserNotConfirmedException');
  });

  it.each<[IdentityStep, string]>([
    ['signIn', 'Sign-in is unavailable just now. Please try again.'],
    ['signUp', 'Registering is unavailable just now. Please try again.'],
    ['confirmSignUp', 'We could not confirm your account just now. Please try again.'],
    ['resendCode', 'We could not send a new code just now. Please try again.'],
    ['requestPasswordReset', 'We could not send a reset code just now. Please try again.'],
    ['resetPassword', 'We could not change your password just now. Please try again.'],
    ['deleteAccount', 'We could not delete your account just now. Please try again.'],
  ])('%s: anything else says the service is unavailable', (step, message) => {
    for (const error of [new TypeError('Failed to fetch'), named('InternalErrorException'), named('constructor'), 'a string', undefined]) {
      expect(identityErrorMessage(step, error)).toBe(message);
    }
  });

  it('recognises an unconfirmed account and nothing else as one', () => {
    expect(isUserNotConfirmed(named('UserNotConfirmedException'))).toBe(true);
    expect(isUserNotConfirmed(named('NotAuthorizedException'))).toBe(false);
    expect(isUserNotConfirmed(undefined)).toBe(false);
  });
});

const EMAIL = 'mei@example.com';
const session: AuthSession = { idToken: 'id-token', user: { sub: 'sub-mei', email: EMAIL, groups: [] } };
const account = { authId: 'sub-mei', email: EMAIL, name: null, phone: null } as AccountProfile;

type Calls = Record<string, unknown[]>;
type Call = PromiseActorLogic<any, any>;

/** The machine with every call recorded and answered well, except where a test says otherwise. */
function actorWith(overrides: Record<string, Call> = {}, { restored }: { restored?: AuthSession } = {}) {
  const calls: Calls = {};
  const answering = (id: string, output: unknown): Call =>
    fromPromise(async ({ input }) => {
      (calls[id] ??= []).push(input);
      return output;
    });
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: answering('restoreSession', restored),
        signIn: answering('signIn', session),
        signUp: answering('signUp', undefined),
        confirmSignUp: answering('confirmSignUp', undefined),
        resendCode: answering('resendCode', undefined),
        requestPasswordReset: answering('requestPasswordReset', undefined),
        resetPassword: answering('resetPassword', undefined),
        doLogin: answering('doLogin', { accountExists: true }),
        getAccount: answering('getAccount', account),
        createAccount: answering('createAccount', account),
        deleteAccount: answering('deleteAccount', undefined),
        signOut: answering('signOut', undefined),
        ...overrides,
      },
    }),
  ).start();
  return { auth, calls };
}

const settledSnapshot = (auth: ReturnType<typeof actorWith>['auth']) => waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));

describe('attempts refused before any call', () => {
  it.each<[string, AuthEvent, string, string]>([
    ['a sign-in without a password', { type: 'SIGN_IN', email: EMAIL, password: '' }, 'signIn', 'Enter your email and password.'],
    ['a sign-in without an email', { type: 'SIGN_IN', email: '  ', password: 'jasmine tea' }, 'signIn', 'Enter your email and password.'],
    ['a sign-up with a 7-character password', { type: 'SIGN_UP', email: EMAIL, password: '1234567' }, 'signUp', 'Choose a password of at least 8 characters.'],
    ['a sign-up with a password of 7 emoji', { type: 'SIGN_UP', email: EMAIL, password: '🥟🥟🥟🥟🥟🥟🥟' }, 'signUp', 'Choose a password of at least 8 characters.'],
    ['a sign-up with an email that is not one', { type: 'SIGN_UP', email: 'mei.example.com', password: 'jasmine tea' }, 'signUp', 'Enter a valid email address, for example name@example.com.'],
    ['a confirmation without a code', { type: 'CONFIRM_SIGN_UP', email: EMAIL, code: ' ' }, 'confirmSignUp', 'Enter your email address and the code from our email.'],
    ['a confirmation without an email', { type: 'CONFIRM_SIGN_UP', email: '', code: '123456' }, 'confirmSignUp', 'Enter your email address and the code from our email.'],
    ['a new code for no email', { type: 'RESEND_CODE', email: ' ' }, 'resendCode', 'Enter your email address.'],
    ['a forgotten password for no email', { type: 'REQUEST_PASSWORD_RESET', email: '' }, 'requestPasswordReset', 'Enter your email address.'],
    ['a reset without a code', { type: 'RESET_PASSWORD', email: EMAIL, code: '', newPassword: 'oolong leaves' }, 'resetPassword', 'Enter your email address, the code from our email and a new password.'],
    ['a reset without an email', { type: 'RESET_PASSWORD', email: ' ', code: '123456', newPassword: 'oolong leaves' }, 'resetPassword', 'Enter your email address, the code from our email and a new password.'],
    ['a reset without a new password', { type: 'RESET_PASSWORD', email: EMAIL, code: '123456', newPassword: '' }, 'resetPassword', 'Enter your email address, the code from our email and a new password.'],
    ['a reset to a short password', { type: 'RESET_PASSWORD', email: EMAIL, code: '123456', newPassword: 'oolong' }, 'resetPassword', 'Choose a password of at least 8 characters.'],
  ])('%s: failure, no call', async (_, event, step, message) => {
    const { auth, calls } = actorWith();
    await settledSnapshot(auth);
    auth.send(event);
    const refused = auth.getSnapshot();
    expect(refused.value).toBe('signedOut');
    expect(refused.context.failure).toEqual({ step, message });
    expect(failureFor(refused, step as never)).toBe(message);
    expect(Object.keys(calls)).toEqual(['restoreSession']);
  });

  it('a password of exactly 8 characters goes ahead, with the email trimmed', async () => {
    const { auth, calls } = actorWith();
    await settledSnapshot(auth);
    auth.send({ type: 'SIGN_UP', email: ` ${EMAIL} `, password: '12345678' });
    expect((await settledSnapshot(auth)).value).toBe('awaitingConfirmation');
    expect(calls.signUp).toEqual([{ email: EMAIL, password: '12345678' }]);
  });

  it('account details that the API would refuse are refused on the spot, signed in still', async () => {
    const { auth, calls } = actorWith({ doLogin: fromPromise(async () => ({ accountExists: false })) }, { restored: session });
    expect((await settledSnapshot(auth)).value).toEqual({ signedIn: 'noAccount' });
    auth.send({ type: 'CREATE_ACCOUNT', name: 'Mei', phone: '12345' });
    expect(auth.getSnapshot().value).toEqual({ signedIn: 'noAccount' });
    expect(failureFor(auth.getSnapshot(), 'createAccount')).toBe('Phone must be a UK phone number, for example 0113 496 0123');
    auth.send({ type: 'CREATE_ACCOUNT', name: 'x'.repeat(101) });
    expect(failureFor(auth.getSnapshot(), 'createAccount')).toBe('Name must be at most 100 characters');
    expect(calls.createAccount).toBeUndefined();
    auth.send({ type: 'CREATE_ACCOUNT', name: '', phone: ' ' });
    expect((await settledSnapshot(auth)).value).toEqual({ signedIn: 'ready' });
    expect(calls.createAccount).toEqual([{ authId: 'sub-mei', email: EMAIL }]);
  });
});

describe('the sign-up journey', () => {
  it('signs up, confirms with the held password, signs straight in and creates the account from the guest order', async () => {
    const { auth, calls } = actorWith({ doLogin: fromPromise(async () => ({ accountExists: false })) });
    await settledSnapshot(auth);
    auth.send({ type: 'SIGN_UP', email: EMAIL, password: 'jasmine tea', pendingOrder: { orderRef: 'order-1', points: 12 } });
    const awaiting = await settledSnapshot(auth);
    expect(authDestination(awaiting)).toBe('/confirmAccount');
    expect(awaiting.context).toMatchObject({ email: EMAIL, password: 'jasmine tea' });

    auth.send({ type: 'CONFIRM_SIGN_UP', email: EMAIL, code: '123456' });
    const noAccount = await settledSnapshot(auth);
    expect(noAccount.value).toEqual({ signedIn: 'noAccount' });
    expect(authDestination(noAccount)).toBe('/createAccount');
    expect(noAccount.context.password).toBeUndefined();
    expect(calls.signIn).toEqual([{ email: EMAIL, password: 'jasmine tea' }]);

    auth.send({ type: 'CREATE_ACCOUNT', name: 'Mei' });
    const ready = await settledSnapshot(auth);
    expect(heldAccount(ready)).toBe(account);
    expect(authDestination(ready)).toBe('/account');
    expect(calls.createAccount).toEqual([{ authId: 'sub-mei', email: EMAIL, fromOrder: { orderRef: 'order-1', points: 12 } }]);
    expect(ready.context.pendingOrder).toBeUndefined();
  });

  it('a sign-in that finds the user unconfirmed keeps the password, so confirming signs in', async () => {
    let signIns = 0;
    const { auth } = actorWith({
      signIn: fromPromise(async () => {
        if (++signIns === 1) throw named('UserNotConfirmedException');
        return session;
      }),
    });
    await settledSnapshot(auth);
    auth.send({ type: 'SIGN_IN', email: EMAIL, password: 'jasmine tea' });
    const unconfirmed = await settledSnapshot(auth);
    expect(unconfirmed.hasTag('unconfirmed')).toBe(true);
    expect(unconfirmed.context).toMatchObject({ email: EMAIL, password: 'jasmine tea', failure: undefined });
    auth.send({ type: 'CONFIRM_SIGN_UP', email: EMAIL, code: '123456' });
    expect((await settledSnapshot(auth)).value).toEqual({ signedIn: 'ready' });
  });

  it('confirming another email than the one signed up drops the password: the customer signs in themselves', async () => {
    const { auth, calls } = actorWith();
    await settledSnapshot(auth);
    auth.send({ type: 'SIGN_UP', email: EMAIL, password: 'jasmine tea', pendingOrder: { orderRef: 'order-1', points: 12 } });
    await settledSnapshot(auth);
    auth.send({ type: 'CONFIRM_SIGN_UP', email: 'lan@example.com', code: '123456' });
    const confirmed = await settledSnapshot(auth);
    expect(confirmed.value).toBe('signedOut');
    expect(confirmed.context).toMatchObject({ email: 'lan@example.com', password: undefined, pendingOrder: undefined, notice: 'accountConfirmed' });
    expect(calls.confirmSignUp).toEqual([{ email: 'lan@example.com', code: '123456' }]);
    expect(calls.signIn).toBeUndefined();
    expect(authDestination(confirmed)).toBe('/login');
    expect(noticeText(confirmed.context.notice!)).toBe('Your account is confirmed. Sign in to continue.');
  });
});

describe('account errors and deletion', () => {
  const apiFailure = (status: number, message: string | null) => ({ status, message, validationErrors: [] });

  it('an account-creation error signs out, clears the session and says why, for the screen at /', async () => {
    const { auth, calls } = actorWith(
      {
        doLogin: fromPromise(async () => ({ accountExists: false })),
        createAccount: fromPromise(() => Promise.reject(apiFailure(400, 'You already have an account'))),
      },
      { restored: session },
    );
    await settledSnapshot(auth);
    auth.send({ type: 'CREATE_ACCOUNT' });
    const signedOut = await settledSnapshot(auth);
    expect(signedOut.value).toBe('signedOut');
    expect(signedOut.context).toMatchObject({ user: undefined, idToken: undefined, account: undefined, notice: 'signedOutAfterAccountError' });
    expect(failureFor(signedOut, 'createAccount')).toBe('You already have an account');
    expect(calls.signOut).toHaveLength(1);
    expect(authDestination(signedOut)).toBe('/');
  });

  it('an account-load error (DoLogin or GetAccount) signs out', async () => {
    for (const failing of ['doLogin', 'getAccount']) {
      const { auth, calls } = actorWith({ [failing]: fromPromise(() => Promise.reject(apiFailure(503, 'Unexpected server error 503'))) }, { restored: session });
      const signedOut = await settledSnapshot(auth);
      expect(signedOut.value).toBe('signedOut');
      expect(failureFor(signedOut, 'loadAccount')).toBe('Unexpected server error 503');
      expect(calls.signOut).toHaveLength(1);
      expect(currentIdToken(signedOut)).toBeUndefined();
    }
  });

  it('a deletion refused for an expired session deletes nothing and asks to sign in again', async () => {
    const { auth } = actorWith({ deleteAccount: fromPromise(() => Promise.reject(apiFailure(401, 'Sign in to continue'))) }, { restored: session });
    await settledSnapshot(auth);
    auth.send({ type: 'DELETE_ACCOUNT' });
    const signedOut = await settledSnapshot(auth);
    expect(signedOut.value).toBe('signedOut');
    expect(failureFor(signedOut, 'deleteAccount')).toBe('Your session has expired. Sign in again to delete your account.');
    expect(authDestination(signedOut)).toBe('/login');
  });

  it('any other deletion failure keeps the customer signed in with their account, to try again', async () => {
    const { auth } = actorWith({ deleteAccount: fromPromise(() => Promise.reject(named('NetworkError'))) }, { restored: session });
    await settledSnapshot(auth);
    auth.send({ type: 'DELETE_ACCOUNT' });
    const kept = await settledSnapshot(auth);
    expect(kept.value).toEqual({ signedIn: 'ready' });
    expect(heldAccount(kept)).toBe(account);
    expect(failureFor(kept, 'deleteAccount')).toBe('We could not delete your account just now. Please try again.');
    expect(authDestination(kept)).toBeUndefined();
  });

  it('a sign-out is not taken half-way through a deletion', async () => {
    const { auth } = actorWith({ deleteAccount: fromPromise(() => new Promise<void>(() => {})) }, { restored: session });
    await settledSnapshot(auth);
    auth.send({ type: 'DELETE_ACCOUNT' });
    expect(auth.getSnapshot().can({ type: 'SIGN_OUT' })).toBe(false);
    auth.send({ type: 'SIGN_OUT' });
    expect(auth.getSnapshot().value).toEqual({ signedIn: 'deletingAccount' });
  });

  it('a deletion ends signed out with the notice', async () => {
    const { auth } = actorWith({}, { restored: session });
    await settledSnapshot(auth);
    auth.send({ type: 'DELETE_ACCOUNT' });
    const deleted = await settledSnapshot(auth);
    expect(deleted.value).toBe('signedOut');
    expect(noticeText(deleted.context.notice!)).toBe('Your account has been deleted.');
    expect(authDestination(deleted)).toBe('/');
  });
});

describe('the guard of the account routes', () => {
  const pending: Call = fromPromise(() => new Promise(() => {}));

  async function snapshotIn(state: 'signedOut' | 'noAccount' | 'ready'): Promise<AuthSnapshot> {
    const { auth } = actorWith(
      { doLogin: fromPromise(async () => ({ accountExists: state === 'ready' })) },
      { restored: state === 'signedOut' ? undefined : session },
    );
    return settledSnapshot(auth);
  }

  it('waits while the session is restored and the account checked, loaded or created', async () => {
    expect(isAuthSettled(actorWith({ restoreSession: pending }).auth.getSnapshot())).toBe(false);
    for (const call of ['doLogin', 'getAccount']) {
      const { auth } = actorWith({ [call]: pending }, { restored: session });
      await waitFor(auth, (snapshot) => snapshot.matches('signedIn'));
      expect(isAuthSettled(auth.getSnapshot())).toBe(false);
    }
    for (const state of ['signedOut', 'noAccount', 'ready'] as const) expect(isAuthSettled(await snapshotIn(state))).toBe(true);
  });

  it.each([
    ['/account', '/login', '/createAccount', undefined],
    ['/accountQR', '/login', '/createAccount', undefined],
    ['/updateProfile', '/login', '/createAccount', undefined],
    ['/addAddress', '/login', '/createAccount', undefined],
    ['/viewOrder', '/login', '/createAccount', undefined],
    ['/vouchers', '/login', '/createAccount', undefined],
    ['/createAccount', '/login', undefined, '/account'],
    ['/createaccount/', '/login', undefined, '/account'],
  ])('%s: signed out → %s, without an account → %s, with one → %s', async (pathname, signedOut, noAccount, ready) => {
    expect(accountRouteRedirect(await snapshotIn('signedOut'), pathname)).toBe(signedOut);
    expect(accountRouteRedirect(await snapshotIn('noAccount'), pathname)).toBe(noAccount);
    expect(accountRouteRedirect(await snapshotIn('ready'), pathname)).toBe(ready);
  });
});

describe('messages', () => {
  it('DISMISS_MESSAGES clears the failure and the notice', async () => {
    const { auth } = actorWith({ resendCode: fromPromise(() => Promise.reject(named('LimitExceededException'))) });
    await settledSnapshot(auth);
    auth.send({ type: 'REQUEST_PASSWORD_RESET', email: EMAIL });
    expect((await settledSnapshot(auth)).context.notice).toBe('resetCodeSent');
    auth.send({ type: 'DISMISS_MESSAGES' });
    expect(auth.getSnapshot().context.notice).toBeUndefined();
    auth.send({ type: 'RESEND_CODE', email: EMAIL });
    expect(failureFor(await settledSnapshot(auth), 'resendCode')).toBe('Too many attempts. Please wait a few minutes and try again.');
    auth.send({ type: 'DISMISS_MESSAGES' });
    expect(auth.getSnapshot().context.failure).toBeUndefined();
  });

  it('another reset code asked for from the code step keeps the step, whether it is sent or refused', async () => {
    let refuse = false;
    const { auth } = actorWith({
      requestPasswordReset: fromPromise(() => (refuse ? Promise.reject(named('LimitExceededException')) : Promise.resolve(undefined))),
    });
    await settledSnapshot(auth);
    auth.send({ type: 'REQUEST_PASSWORD_RESET', email: EMAIL });
    expect((await settledSnapshot(auth)).value).toBe('awaitingNewPassword');
    auth.send({ type: 'REQUEST_PASSWORD_RESET', email: EMAIL });
    expect(auth.getSnapshot().value).toBe('requestingAnotherResetCode');
    expect((await settledSnapshot(auth)).value).toBe('awaitingNewPassword');
    refuse = true;
    auth.send({ type: 'REQUEST_PASSWORD_RESET', email: EMAIL });
    const refused = await settledSnapshot(auth);
    expect(refused.value).toBe('awaitingNewPassword');
    expect(failureFor(refused, 'requestPasswordReset')).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('places an identity refusal at the field it is about, and no other', () => {
    expect(identityFailureAt(WRONG_CODE_MESSAGE, 'code')).toBe(WRONG_CODE_MESSAGE);
    expect(identityFailureAt(WRONG_CODE_MESSAGE, 'email')).toBeUndefined();
    expect(identityFailureAt(EMAIL_ALREADY_REGISTERED_MESSAGE, 'email')).toBe(EMAIL_ALREADY_REGISTERED_MESSAGE);
    expect(identityFailureAt(PASSWORD_TOO_SHORT_MESSAGE, 'password')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    // Which of the two was wrong is not said at sign-in, so neither field is marked.
    expect(identityFailureAt(INCORRECT_CREDENTIALS_MESSAGE, 'email')).toBeUndefined();
    expect(identityFailureAt(INCORRECT_CREDENTIALS_MESSAGE, 'password')).toBeUndefined();
    expect(identityFailureAt(undefined, 'email')).toBeUndefined();
  });

  it('each notice has its text', () => {
    expect(noticeText('codeResent')).toBe('We have sent you a new code.');
    expect(noticeText('resetCodeSent')).toBe('We have emailed you a code to reset your password.');
    expect(noticeText('passwordChanged')).toBe('Your password has been changed. Sign in with your new password.');
    expect(noticeText('signedOutAfterAccountError')).toBe('Something went wrong with your account, so we have signed you out. Please sign in again.');
  });

  it('without the real actors, restores no session and reports sign-in unavailable', async () => {
    const auth = createActor(authMachine).start();
    expect((await waitFor(auth, (snapshot) => !snapshot.hasTag('busy'))).value).toBe('signedOut');
    auth.send({ type: 'SIGN_IN', email: EMAIL, password: 'jasmine tea' });
    const refused = await waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
    expect(failureFor(refused, 'signIn')).toBe('Sign-in is unavailable just now. Please try again.');
  });
});
