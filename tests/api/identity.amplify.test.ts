import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { fetchUserAttributes, resendSignUpCode as amplifyResendSignUpCode, updatePassword } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { currentIdToken, failureFor, heldAccount, type AccountProfile, type AuthSnapshot } from '../../machines/auth/authMachine';
import { identityErrorMessage } from '../../machines/auth/identityErrors';
import { apiIdentityOf, createAuthActor, type AuthActor } from '../../src/actors/auth';
import { createApiClient, type ApiClient } from '../../src/api/client';
import {
  confirmPasswordReset,
  confirmSignUpCode,
  configureIdentity,
  currentSession,
  deleteIdentityUser,
  requestPasswordReset,
  resendSignUpCode,
  signInWithPassword,
  signOutEverywhere,
  signUpWithEmail,
  UserNotConfirmedError,
} from '../../src/platform/identity';
import {
  callIdentityService,
  DEMO_STAFF_EMAIL,
  DEMO_STAFF_PASSWORD,
  LOCAL_VERIFICATION_CODE,
  startIdentityEmulator,
  type IdentityEmulator,
} from '../../src/server/local/identity/emulator';
import { identityEmulatorProxy } from '../../src/server/local/identity/emulatorProxy';
import { createIdTokenVerifier } from '../../src/server/identity/verify';

// Amplify v6 runs in Node (fetch, in-memory token storage), so the browser's sign-in path is exercised here
// against the real emulator, reached through the site's /identity proxy as the browser reaches it.
let dataDir: string;
let emulator: IdentityEmulator;
let site: FastifyInstance;
let identityEndpoint: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'identity-amplify-'));
  emulator = await startIdentityEmulator({ port: 0, dataDir });
  site = Fastify();
  await site.register(identityEmulatorProxy, { endpoint: emulator.endpoint, userPoolId: emulator.userPoolId });
  identityEndpoint = `${await site.listen({ port: 0, host: '127.0.0.1' })}/identity`;
});

afterAll(async () => {
  await site?.close();
  await emulator?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let emailCount = 0;
const uniqueEmail = (purpose: string) => `${purpose}-${Date.now()}-${++emailCount}@example.com`;

/** A customer who has signed up and confirmed the code, signed out. */
async function confirmedCustomer(purpose: string, password: string): Promise<string> {
  const email = uniqueEmail(purpose);
  await signUpWithEmail(email, password);
  await confirmSignUpCode(email, LOCAL_VERIFICATION_CODE);
  return email;
}

const localConfig = () => ({ userPoolId: emulator.userPoolId, userPoolClientId: emulator.clientId, region: 'eu-west-2', endpoint: identityEndpoint });

describe('the Amplify identity platform against the emulator', () => {
  beforeAll(() => configureIdentity(localConfig()));
  afterEach(() => signOutEverywhere());

  it('signs in with a password and holds an id token that the server accepts', async () => {
    const session = await signInWithPassword(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    expect(session.user).toEqual({ sub: decodeJwt(session.idToken).sub, email: DEMO_STAFF_EMAIL, groups: ['kitchen'] });
    const verify = createIdTokenVerifier({ mode: 'local', issuer: emulator.issuer, clientId: emulator.clientId });
    await expect(verify(session.idToken)).resolves.toEqual(session.user);
    expect(await currentSession({ forceRefresh: false })).toEqual(session);
  });

  it('refreshes the session through the local refresher', async () => {
    const signedIn = await signInWithPassword(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    const refreshed = await currentSession({ forceRefresh: true });
    expect(refreshed?.user).toEqual(signedIn.user);
    expect(refreshed?.idToken).not.toBe(signedIn.idToken);
    expect(decodeJwt(refreshed!.idToken).jti).not.toBe(decodeJwt(signedIn.idToken).jti);
  });

  it('signs in over a session left behind instead of refusing as already signed in', async () => {
    const first = await signInWithPassword(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    const second = await signInWithPassword(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    expect(second.user).toEqual(first.user);
    expect(second.idToken).not.toBe(first.idToken);
  });

  it('holds no session after signing out', async () => {
    await signInWithPassword(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    await signOutEverywhere();
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();
  });

  it('refuses a wrong password with an error the login form words as incorrect credentials', async () => {
    const failure = await signInWithPassword(DEMO_STAFF_EMAIL, 'not-the-password').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'InvalidPasswordException' });
    expect(identityErrorMessage('signIn', failure)).toBe('Incorrect email or password.');
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();
  });

  // The proxy forwards only the calls a customer's browser makes: these are all the ones Amplify makes for the account pages.
  it('registers, resends and confirms the code, reads the user, changes and resets the password and deletes the user', async () => {
    const email = uniqueEmail('amplify');
    await signUpWithEmail(email, 'long enough');
    expect(await amplifyResendSignUpCode({ username: email })).toMatchObject({ destination: 'a***@e***', deliveryMedium: 'EMAIL' });
    await confirmSignUpCode(email, LOCAL_VERIFICATION_CODE);
    await expect(resendSignUpCode(email)).rejects.toMatchObject({ name: 'InvalidParameterException' });

    await signInWithPassword(email, 'long enough');
    expect(await fetchUserAttributes()).toMatchObject({ email });
    await updatePassword({ oldPassword: 'long enough', newPassword: 'longer still' });
    await signOutEverywhere();

    await requestPasswordReset(email);
    await confirmPasswordReset(email, LOCAL_VERIFICATION_CODE, 'a new password');
    await signInWithPassword(email, 'a new password');
    await deleteIdentityUser();
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();
    await expect(signInWithPassword(email, 'a new password')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses to resend a code to an email nobody registered', async () => {
    const failure = await resendSignUpCode('nobody-registered@example.com').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'UserNotFoundException' });
    expect(identityErrorMessage('resendCode', failure)).toBe('We cannot find an account with this email. Check it, or register for an account.');
  });

  it('signs up with the email as username, confirms with the emailed code and signs in', async () => {
    const email = uniqueEmail('sign-up');
    await signUpWithEmail(email, 'jasmine tea');
    await expect(signInWithPassword(email, 'jasmine tea')).rejects.toBeInstanceOf(UserNotConfirmedError);
    const wrongCode = await confirmSignUpCode(email, '654321').catch((error: unknown) => error);
    expect(identityErrorMessage('confirmSignUp', wrongCode)).toBe('That code is not right. Check the code in our email and try again.');
    await confirmSignUpCode(email, LOCAL_VERIFICATION_CODE);
    const session = await signInWithPassword(email, 'jasmine tea');
    expect(session.user).toMatchObject({ email, groups: [] });
  });

  it('refuses a second sign-up with the same email in words the customer understands', async () => {
    const email = uniqueEmail('twice');
    await signUpWithEmail(email, 'jasmine tea');
    const failure = await signUpWithEmail(email, 'jasmine tea').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'UsernameExistsException' });
    expect(identityErrorMessage('signUp', failure)).toBe('An account with this email already exists. Sign in or reset your password.');
  });

  it('resets a forgotten password with the emailed code: the new one signs in, the old one no longer does', async () => {
    const email = await confirmedCustomer('forgot', 'jasmine tea');
    await requestPasswordReset(email);
    const wrongCode = await confirmPasswordReset(email, '654321', 'oolong leaves').catch((error: unknown) => error);
    expect(identityErrorMessage('resetPassword', wrongCode)).toBe('That code is not right. Check the code in our email and try again.');
    await confirmPasswordReset(email, LOCAL_VERIFICATION_CODE, 'oolong leaves');
    await expect(signInWithPassword(email, 'jasmine tea')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    expect((await signInWithPassword(email, 'oolong leaves')).user.email).toBe(email);
  });

  it('words a reset for an email nobody registered', async () => {
    const failure = await requestPasswordReset('nobody-registered@example.com').catch((error: unknown) => error);
    expect(identityErrorMessage('requestPasswordReset', failure)).toBe('We cannot find an account with this email. Check it, or register for an account.');
  });

  it('deletes the identity user and ends the session: the email can sign up again', async () => {
    const email = await confirmedCustomer('deleted', 'jasmine tea');
    await signInWithPassword(email, 'jasmine tea');
    await deleteIdentityUser();
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();
    await signUpWithEmail(email, 'a new start');
    await confirmSignUpCode(email, LOCAL_VERIFICATION_CODE);
    expect((await signInWithPassword(email, 'a new start')).user.email).toBe(email);
  });

  it('reports an account whose email code was never confirmed', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    await callIdentityService(emulator.endpoint, 'SignUp', {
      ClientId: emulator.clientId,
      Username: email,
      Password: 'long enough',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    await expect(signInWithPassword(email, 'long enough')).rejects.toBeInstanceOf(UserNotConfirmedError);
  });
});

type ApiAnswer = { status?: number; body: unknown };
type ApiCall = { call: string; authorization: string | null; body: unknown };

function accountOf(email: string, authId: string): AccountProfile {
  return {
    authId,
    loyaltyId: 'GD7KM-3XQ9P',
    email,
    name: null,
    phone: null,
    discount: 0,
    vouchers: [],
    pointsVouchers: [],
    daySpecificVouchers: [],
    orders: [],
    addresses: [],
    points: 0,
  };
}

const notFound = (errorMessage: string): ApiAnswer => ({ status: 404, body: { errorMessage, validationErrors: [] } });

describe('the auth actor with the real actors', () => {
  let auth: AuthActor;
  // Node has no localStorage (Amplify keeps its tokens in memory there), so each test says whether a session is stored.
  const noStoredSession = { getItem: () => null };
  const storedSession = { getItem: (key: string) => (key.endsWith('.LastAuthUser') ? DEMO_STAFF_EMAIL : null) };

  afterEach(() => auth?.stop());

  /**
   * The auth actor as main.tsx makes it, its account calls going through the real API client to a stand-in for the
   * API's account operations (tests/api/account*.test.ts test the server's side): each answer is set by the test.
   */
  function authActorWith(storage: Pick<Storage, 'getItem'>, answers: Record<string, (body: unknown) => ApiAnswer>) {
    const calls: ApiCall[] = [];
    const fetch = async (request: Request) => {
      const call = `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
      const text = await request.text();
      const body = text === '' ? undefined : JSON.parse(text);
      calls.push({ call, authorization: request.headers.get('authorization'), body });
      const answer = answers[call]?.(body) ?? notFound('Route does not exist');
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    };
    const actor = createAuthActor(localConfig(), { api: () => api, storage });
    const api: ApiClient = createApiClient({ baseUrl: 'http://site.test/api', applicationKey: 'takeaway-web', siteKey: 'demo-site', identity: apiIdentityOf(actor), fetch });
    auth = actor;
    actor.start();
    return { auth: actor, calls };
  }

  const settled = (actor: AuthActor) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 10_000 });
  const stateOf = (snapshot: AuthSnapshot) => JSON.stringify(snapshot.value);

  /** The account operations of a customer who has an account record. */
  const withAccount = (email: string) => ({
    'GET /account/DoLogin': () => ({ body: { data: { accountExists: true } } }),
    'GET /account/GetAccount': () => ({ body: { data: { account: accountOf(email, 'sub') } } }),
  });

  it('restores nothing, signs in, checks and loads the account with the id token, then signs out', async () => {
    const { calls } = authActorWith(noStoredSession, withAccount(DEMO_STAFF_EMAIL));
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));

    auth.send({ type: 'SIGN_IN', email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD });
    const ready = await settled(auth);
    expect(ready.value).toEqual({ signedIn: 'ready' });
    expect(ready.context.user).toMatchObject({ email: DEMO_STAFF_EMAIL, groups: ['kitchen'] });
    expect(heldAccount(ready)?.email).toBe(DEMO_STAFF_EMAIL);
    expect(calls).toEqual([
      { call: 'GET /account/DoLogin', authorization: `Bearer ${ready.context.idToken}`, body: undefined },
      { call: 'GET /account/GetAccount', authorization: `Bearer ${ready.context.idToken}`, body: undefined },
    ]);

    const identity = apiIdentityOf(auth);
    expect(await identity.isSignedIn()).toBe(true);
    expect(identity.currentIdToken()).toBe(ready.context.idToken);
    const fetched = await identity.fetchIdTokenWithoutCache();
    expect(decodeJwt(fetched!).email).toBe(DEMO_STAFF_EMAIL);
    // Amplify announces the refresh; the actor follows so the client sends the new token.
    await waitFor(auth, (snapshot) => snapshot.context.idToken === fetched);

    auth.send({ type: 'SIGN_OUT' });
    const signedOut = await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    expect(currentIdToken(signedOut)).toBeUndefined();
    expect(signedOut.context).toMatchObject({ user: undefined, account: undefined });
    expect(await identity.isSignedIn()).toBe(false);
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();
  });

  it('does not hand out a token about to expire: the client fetches a refreshed one instead', async () => {
    authActorWith(noStoredSession, withAccount(DEMO_STAFF_EMAIL));
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    auth.send({ type: 'SIGN_IN', email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD });
    const signedIn = await settled(auth);
    const identity = apiIdentityOf(auth);
    expect(identity.currentIdToken()).toBe(signedIn.context.idToken);

    const expiringToken = await new SignJWT({ token_use: 'id', email: DEMO_STAFF_EMAIL })
      .setProtectedHeader({ alg: 'RS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) + 30)
      .sign((await generateKeyPair('RS256')).privateKey);
    auth.send({ type: 'SESSION_REFRESHED', session: { idToken: expiringToken, user: signedIn.context.user! } });
    expect(identity.currentIdToken()).toBeUndefined();

    const fetched = await identity.fetchIdTokenWithoutCache();
    expect(decodeJwt(fetched!).exp! * 1000).toBeGreaterThan(Date.now() + 30 * 60 * 1000);
    await waitFor(auth, (snapshot) => snapshot.context.idToken === fetched);
    expect(identity.currentIdToken()).toBe(fetched);
    auth.send({ type: 'SIGN_OUT' });
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
  });

  it('restores a session held from before (a reload of the page), checking the account as a sign-in does', async () => {
    configureIdentity(localConfig());
    const held = await signInWithPassword(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    const { calls } = authActorWith(storedSession, withAccount(DEMO_STAFF_EMAIL));
    const restored = await settled(auth);
    expect(restored.value).toEqual({ signedIn: 'ready' });
    expect(currentIdToken(restored)).toBe(held.idToken);
    expect(calls.map(({ call }) => call)).toEqual(['GET /account/DoLogin', 'GET /account/GetAccount']);
    await signOutEverywhere();
  });

  it('shows the incorrect-credentials message after a wrong password, with no account call', async () => {
    const { calls } = authActorWith(noStoredSession, withAccount(DEMO_STAFF_EMAIL));
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    auth.send({ type: 'SIGN_IN', email: DEMO_STAFF_EMAIL, password: 'not-the-password' });
    const refused = await settled(auth);
    expect(refused.value).toBe('signedOut');
    expect(failureFor(refused, 'signIn')).toBe('Incorrect email or password.');
    expect(calls).toEqual([]);
  });

  it('a guest who ordered signs up, confirms the code, is signed straight in, creates the account from the order and deletes it', async () => {
    const email = uniqueEmail('journey');
    let accountHeld: AccountProfile | undefined;
    const { calls } = authActorWith(noStoredSession, {
      'GET /account/DoLogin': () => ({ body: { data: { accountExists: accountHeld !== undefined } } }),
      'POST /account/CreateAccountFromOrder': (body) => {
        accountHeld = accountOf(email, (body as { authId: string }).authId);
        return { body: { data: { account: accountHeld } } };
      },
      'POST /account/DeleteAccount': () => {
        accountHeld = undefined;
        return { body: { data: { accountDeleted: true } } };
      },
    });
    await settled(auth);

    auth.send({ type: 'SIGN_UP', email, password: 'jasmine tea', pendingOrder: { orderRef: 'order-7f3a', points: 23 } });
    expect(stateOf(await settled(auth))).toBe('"awaitingConfirmation"');
    auth.send({ type: 'CONFIRM_SIGN_UP', email, code: LOCAL_VERIFICATION_CODE });
    const noAccount = await settled(auth);
    expect(noAccount.value).toEqual({ signedIn: 'noAccount' });
    const { sub } = noAccount.context.user!;

    auth.send({ type: 'CREATE_ACCOUNT' });
    const ready = await settled(auth);
    expect(ready.value).toEqual({ signedIn: 'ready' });
    expect(heldAccount(ready)).toEqual(accountOf(email, sub));
    expect(calls.find(({ call }) => call === 'POST /account/CreateAccountFromOrder')).toEqual({
      call: 'POST /account/CreateAccountFromOrder',
      authorization: `Bearer ${ready.context.idToken}`,
      body: { authId: sub, email, orderRef: 'order-7f3a', points: 23 },
    });

    auth.send({ type: 'DELETE_ACCOUNT' });
    const deleted = await settled(auth);
    expect(deleted.value).toBe('signedOut');
    expect(deleted.context.notice).toBe('accountDeleted');
    expect(calls.map(({ call }) => call)).toEqual(['GET /account/DoLogin', 'POST /account/CreateAccountFromOrder', 'POST /account/DeleteAccount']);
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();

    // The identity user has gone too, so the email can register again.
    auth.send({ type: 'SIGN_UP', email, password: 'a new start' });
    expect(stateOf(await settled(auth))).toBe('"awaitingConfirmation"');
  });

  it('a deletion the API finds already done (404) still deletes the identity user', async () => {
    const email = await confirmedCustomer('delete-twice', 'jasmine tea');
    authActorWith(noStoredSession, { ...withAccount(email), 'POST /account/DeleteAccount': () => notFound('There is no account to delete') });
    await settled(auth);
    auth.send({ type: 'SIGN_IN', email, password: 'jasmine tea' });
    await settled(auth);
    auth.send({ type: 'DELETE_ACCOUNT' });
    const deleted = await settled(auth);
    expect(deleted.context.notice).toBe('accountDeleted');
    await expect(signInWithPassword(email, 'jasmine tea')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('a deletion refused for an expired session deletes nothing: the customer can sign in again', async () => {
    const email = await confirmedCustomer('delete-expired', 'jasmine tea');
    const { calls } = authActorWith(noStoredSession, {
      ...withAccount(email),
      'POST /account/DeleteAccount': () => ({ status: 401, body: { errorMessage: 'Sign in to continue', validationErrors: [] } }),
    });
    await settled(auth);
    auth.send({ type: 'SIGN_IN', email, password: 'jasmine tea' });
    await settled(auth);
    auth.send({ type: 'DELETE_ACCOUNT' });
    const refused = await settled(auth);
    expect(refused.value).toBe('signedOut');
    expect(failureFor(refused, 'deleteAccount')).toBe('Your session has expired. Sign in again to delete your account.');
    expect(calls.filter(({ call }) => call === 'POST /account/DeleteAccount')).toHaveLength(1);
    expect((await signInWithPassword(email, 'jasmine tea')).user.email).toBe(email);
    await signOutEverywhere();
  });

  it('a forgotten password: the code is requested, the new password set, and the customer signs in with it', async () => {
    const email = await confirmedCustomer('actor-forgot', 'jasmine tea');
    authActorWith(noStoredSession, withAccount(email));
    await settled(auth);
    auth.send({ type: 'REQUEST_PASSWORD_RESET', email });
    const awaiting = await settled(auth);
    expect(awaiting.value).toBe('awaitingNewPassword');
    expect(awaiting.context.notice).toBe('resetCodeSent');
    auth.send({ type: 'RESET_PASSWORD', email, code: LOCAL_VERIFICATION_CODE, newPassword: 'oolong leaves' });
    const changed = await settled(auth);
    expect(changed.value).toBe('signedOut');
    expect(changed.context.notice).toBe('passwordChanged');
    auth.send({ type: 'SIGN_IN', email, password: 'oolong leaves' });
    expect((await settled(auth)).value).toEqual({ signedIn: 'ready' });
    auth.send({ type: 'SIGN_OUT' });
    await settled(auth);
  });
});
