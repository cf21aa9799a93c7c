import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import {
  confirmResetPassword,
  confirmSignUp,
  deleteUser,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { currentIdToken } from '../../machines/auth/authMachine';
import { identityErrorMessage } from '../../machines/auth/identityErrors';
import { apiIdentityOf, createAuthActor, type AuthActor } from '../../src/actors/auth';
import {
  configureIdentity,
  currentSession,
  signInWithPassword,
  signOutEverywhere,
  UserNotConfirmedError,
} from '../../src/platform/identity';
import {
  callIdentityService,
  DEMO_STAFF_EMAIL,
  DEMO_STAFF_PASSWORD,
  LOCAL_VERIFICATION_CODE,
  startIdentityEmulator,
  type IdentityEmulator,
} from '../../src/server/identity/emulator';
import { identityEmulatorProxy } from '../../src/server/identity/emulatorProxy';
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
    const email = `amplify-${Date.now()}@example.com`;
    const { nextStep } = await signUp({ username: email, password: 'long enough', options: { userAttributes: { email } } });
    expect(nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    expect(await resendSignUpCode({ username: email })).toMatchObject({ destination: 'a***@e***', deliveryMedium: 'EMAIL' });
    await confirmSignUp({ username: email, confirmationCode: LOCAL_VERIFICATION_CODE });
    await expect(resendSignUpCode({ username: email })).rejects.toMatchObject({ name: 'InvalidParameterException' });

    await signInWithPassword(email, 'long enough');
    expect(await fetchUserAttributes()).toMatchObject({ email });
    await updatePassword({ oldPassword: 'long enough', newPassword: 'longer still' });
    await signOutEverywhere();

    await resetPassword({ username: email });
    await confirmResetPassword({ username: email, confirmationCode: LOCAL_VERIFICATION_CODE, newPassword: 'a new password' });
    await signInWithPassword(email, 'a new password');
    await deleteUser();
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();
    await expect(signInWithPassword(email, 'a new password')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses to resend a code to an email nobody registered', async () => {
    await expect(resendSignUpCode({ username: 'nobody-registered@example.com' })).rejects.toMatchObject({ name: 'UserNotFoundException' });
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

describe('the auth actor with the real actors', () => {
  let auth: AuthActor;
  // Node has no localStorage (Amplify keeps its tokens in memory there), so each test says whether a session is stored.
  const noStoredSession = { getItem: () => null };
  const storedSession = { getItem: (key: string) => (key.endsWith('.LastAuthUser') ? DEMO_STAFF_EMAIL : null) };

  afterEach(() => auth?.stop());

  it('restores nothing, signs in, hands the id token to the API client, then signs out', async () => {
    auth = createAuthActor(localConfig(), noStoredSession);
    auth.start();
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));

    auth.send({ type: 'SIGN_IN', email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD });
    const signedIn = await waitFor(auth, (snapshot) => snapshot.matches('signedIn'));
    expect(signedIn.context.user).toMatchObject({ email: DEMO_STAFF_EMAIL, groups: ['kitchen'] });

    const identity = apiIdentityOf(auth);
    expect(identity.currentIdToken()).toBe(signedIn.context.idToken);
    const fetched = await identity.fetchIdTokenWithoutCache();
    expect(decodeJwt(fetched!).email).toBe(DEMO_STAFF_EMAIL);
    // Amplify announces the refresh; the actor follows so the client sends the new token.
    await waitFor(auth, (snapshot) => snapshot.context.idToken === fetched);

    auth.send({ type: 'SIGN_OUT' });
    const signedOut = await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    expect(currentIdToken(signedOut)).toBeUndefined();
    expect(signedOut.context.user).toBeUndefined();
    expect(await currentSession({ forceRefresh: false })).toBeUndefined();
  });

  it('does not hand out a token about to expire: the client fetches a refreshed one instead', async () => {
    auth = createAuthActor(localConfig(), noStoredSession);
    auth.start();
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    auth.send({ type: 'SIGN_IN', email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD });
    const signedIn = await waitFor(auth, (snapshot) => snapshot.matches('signedIn'));
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

  it('restores a session held from before (a reload of the page)', async () => {
    configureIdentity(localConfig());
    const held = await signInWithPassword(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    auth = createAuthActor(localConfig(), storedSession);
    auth.start();
    const restored = await waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
    expect(restored.value).toBe('signedIn');
    expect(currentIdToken(restored)).toBe(held.idToken);
    await signOutEverywhere();
  });

  it('shows the incorrect-credentials message after a wrong password', async () => {
    auth = createAuthActor(localConfig(), noStoredSession);
    auth.start();
    await waitFor(auth, (snapshot) => snapshot.matches('signedOut'));
    auth.send({ type: 'SIGN_IN', email: DEMO_STAFF_EMAIL, password: 'not-the-password' });
    const refused = await waitFor(auth, (snapshot) => snapshot.matches('signedOut') && snapshot.context.errorMessage !== undefined);
    expect(refused.context.errorMessage).toBe('Incorrect email or password.');
  });
});
