import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callIdentityService,
  DEMO_STAFF_EMAIL,
  DEMO_STAFF_PASSWORD,
  IdentityServiceError,
  LOCAL_VERIFICATION_CODE,
  startIdentityEmulator,
  type IdentityEmulator,
} from '../../src/server/local/identity/emulator';
import { identityEmulatorProxy } from '../../src/server/local/identity/emulatorProxy';
import { createIdTokenVerifier, InvalidTokenError } from '../../src/server/identity/verify';

// The key cognito-local signs with is published in its package; that is why its issuer is trusted only locally.
const cognitoLocalPrivateKey = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };

interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

let dataDir: string;
let emulator: IdentityEmulator;

async function signInDemoStaff(): Promise<AuthenticationResult> {
  const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: AuthenticationResult }>(emulator.endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: emulator.clientId,
    AuthParameters: { USERNAME: DEMO_STAFF_EMAIL, PASSWORD: DEMO_STAFF_PASSWORD },
  });
  return AuthenticationResult;
}

async function signWithCognitoLocalKey(claims: Record<string, unknown>, { expiresAt }: { expiresAt: number }): Promise<string> {
  const key = await importJWK(cognitoLocalPrivateKey.jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key);
}

const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'identity-test-'));
  emulator = await startIdentityEmulator({ port: 0, dataDir });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the identity emulator', () => {
  it('serves on loopback with a local pool and an issuer under its endpoint', () => {
    expect(emulator.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.userPoolId).toMatch(/^local_/);
    expect(emulator.issuer).toBe(`${emulator.endpoint}/${emulator.userPoolId}`);
  });

  it('has a pool whose username is the email, with a minimum password length of 8, no character classes and no MFA', async () => {
    const { UserPool } = await callIdentityService<{ UserPool: Record<string, any> }>(emulator.endpoint, 'DescribeUserPool', {
      UserPoolId: emulator.userPoolId,
    });
    expect(UserPool.UsernameAttributes).toEqual(['email']);
    expect(UserPool.AutoVerifiedAttributes).toEqual(['email']);
    expect(UserPool.MfaConfiguration).toBe('OFF');
    expect(UserPool.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: 8,
      RequireUppercase: false,
      RequireLowercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
  });

  it('has an app client that allows password and refresh-token sign-in', async () => {
    const { UserPoolClient } = await callIdentityService<{ UserPoolClient: Record<string, any> }>(emulator.endpoint, 'DescribeUserPoolClient', {
      UserPoolId: emulator.userPoolId,
      ClientId: emulator.clientId,
    });
    expect(UserPoolClient.ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
  });

  it('signs in the demo staff user, a confirmed member of kitchen', async () => {
    const tokens = await signInDemoStaff();
    const claims = decodeJwt(tokens.IdToken);
    expect(claims.email).toBe(DEMO_STAFF_EMAIL);
    expect(claims['cognito:groups']).toEqual(['kitchen']);
    expect(claims.aud).toBe(emulator.clientId);
  });

  it('refuses a wrong password (InvalidPasswordException here; Cognito says NotAuthorizedException) and an unknown email', async () => {
    const attempt = (username: string, password: string) =>
      callIdentityService(emulator.endpoint, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: emulator.clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
    await expect(attempt(DEMO_STAFF_EMAIL, 'not-the-password')).rejects.toMatchObject({ type: 'InvalidPasswordException' });
    await expect(attempt('nobody@golden-dragon.example', 'whatever-it-is')).rejects.toMatchObject({ type: 'NotAuthorizedException' });
  });

  it('emails the known code 123456, which confirms a new sign-up', async () => {
    const email = `diner-${Date.now()}@example.com`;
    const signUp = await callIdentityService<{ UserConfirmed: boolean }>(emulator.endpoint, 'SignUp', {
      ClientId: emulator.clientId,
      Username: email,
      Password: 'long enough',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(signUp.UserConfirmed).toBe(false);
    await expect(
      callIdentityService(emulator.endpoint, 'ConfirmSignUp', { ClientId: emulator.clientId, Username: email, ConfirmationCode: '654321' }),
    ).rejects.toBeInstanceOf(IdentityServiceError);
    await callIdentityService(emulator.endpoint, 'ConfirmSignUp', { ClientId: emulator.clientId, Username: email, ConfirmationCode: LOCAL_VERIFICATION_CODE });
    const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: AuthenticationResult }>(emulator.endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: emulator.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: 'long enough' },
    });
    expect(decodeJwt(AuthenticationResult.IdToken).email).toBe(email);
  });

  it('keeps its pool, client and demo user when started again on the same data directory', async () => {
    const secondDataDir = await mkdtemp(join(tmpdir(), 'identity-restart-'));
    try {
      const first = await startIdentityEmulator({ port: 0, dataDir: secondDataDir });
      await first.close();
      const second = await startIdentityEmulator({ port: 0, dataDir: secondDataDir });
      try {
        expect(second.userPoolId).toBe(first.userPoolId);
        expect(second.clientId).toBe(first.clientId);
        const { UserPools } = await callIdentityService<{ UserPools: unknown[] }>(second.endpoint, 'ListUserPools', { MaxResults: 60 });
        expect(UserPools).toHaveLength(1);
        const { Users } = await callIdentityService<{ Users: unknown[] }>(second.endpoint, 'ListUsersInGroup', {
          UserPoolId: second.userPoolId,
          GroupName: 'kitchen',
        });
        expect(Users).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await rm(secondDataDir, { recursive: true, force: true });
    }
  });
});

describe('the id token verifier', () => {
  const localVerifier = () => createIdTokenVerifier({ mode: 'local', issuer: emulator.issuer, clientId: emulator.clientId });

  it("accepts the emulator's id token and reads sub, email and groups", async () => {
    const { IdToken } = await signInDemoStaff();
    const claims = await localVerifier()(IdToken);
    expect(claims).toEqual({ sub: decodeJwt(IdToken).sub, email: DEMO_STAFF_EMAIL, groups: ['kitchen'] });
  });

  it('refuses an access token (token_use is not id)', async () => {
    const { AccessToken } = await signInDemoStaff();
    await expect(localVerifier()(AccessToken)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses an id token whose token_use is access even with the right audience', async () => {
    const token = await signWithCognitoLocalKey(
      { iss: emulator.issuer, aud: emulator.clientId, sub: 'someone', email: 'someone@example.com', token_use: 'access' },
      { expiresAt: now() + 600 },
    );
    await expect(localVerifier()(token)).rejects.toThrow(/token_use/);
  });

  it('accepts a token it signs itself with the same key and claims (so the refusals below are about the one changed claim)', async () => {
    const token = await signWithCognitoLocalKey(
      { iss: emulator.issuer, aud: emulator.clientId, sub: 'someone', email: 'someone@example.com', token_use: 'id' },
      { expiresAt: now() + 600 },
    );
    await expect(localVerifier()(token)).resolves.toEqual({ sub: 'someone', email: 'someone@example.com', groups: [] });
  });

  it('refuses a token signed with another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: DEMO_STAFF_EMAIL, token_use: 'id', 'cognito:groups': ['kitchen'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(emulator.issuer)
      .setAudience(emulator.clientId)
      .setSubject('forger')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await expect(localVerifier()(forged)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses an expired token', async () => {
    const expired = await signWithCognitoLocalKey(
      { iss: emulator.issuer, aud: emulator.clientId, sub: 'someone', email: 'someone@example.com', token_use: 'id' },
      { expiresAt: now() - 60 },
    );
    await expect(localVerifier()(expired)).rejects.toThrow(/exp/);
  });

  it('refuses a token for another app client', async () => {
    const otherAudience = await signWithCognitoLocalKey(
      { iss: emulator.issuer, aud: 'another-client', sub: 'someone', email: 'someone@example.com', token_use: 'id' },
      { expiresAt: now() + 600 },
    );
    await expect(localVerifier()(otherAudience)).rejects.toThrow(/aud/);
  });

  it('trusts a token it has checked again only until it expires, and never a refused one', async () => {
    const verifier = localVerifier();
    const soonExpiring = await signWithCognitoLocalKey(
      { iss: emulator.issuer, aud: emulator.clientId, sub: 'someone', email: 'someone@example.com', token_use: 'id' },
      { expiresAt: now() + 30 },
    );
    await expect(verifier(soonExpiring)).resolves.toMatchObject({ sub: 'someone' });
    await expect(verifier(soonExpiring)).resolves.toMatchObject({ sub: 'someone' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      await expect(verifier(soonExpiring)).rejects.toThrow(/exp/);
    } finally {
      vi.useRealTimers();
    }
    const forged = soonExpiring.slice(0, soonExpiring.lastIndexOf('.') + 1) + 'A'.repeat(40);
    await expect(verifier(forged)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier(forged)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses something that is not a token at all', async () => {
    await expect(localVerifier()('not.a.token')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses the emulator's issuer when configured for Cognito, even for the same pool and client ids", async () => {
    const { IdToken } = await signInDemoStaff();
    const production = createIdTokenVerifier({ mode: 'cognito', region: 'eu-west-2', userPoolId: emulator.userPoolId, clientId: emulator.clientId });
    await expect(production(IdToken)).rejects.toThrow(
      `issuer ${emulator.issuer} is not https://cognito-idp.eu-west-2.amazonaws.com/${emulator.userPoolId}`,
    );
  });
});

describe('the /identity proxy', () => {
  let site: FastifyInstance;
  let siteUrl: string;

  beforeAll(async () => {
    site = Fastify();
    await site.register(identityEmulatorProxy, { endpoint: emulator.endpoint, userPoolId: emulator.userPoolId });
    siteUrl = await site.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await site?.close();
  });

  /** One Cognito API call through the proxy, as Amplify makes it in the browser. */
  async function throughProxy(action: string, body: Record<string, unknown>, url = `${siteUrl}/identity`): Promise<{ status: number; body: any }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  const initiateAuth = (username: string, password: string) =>
    throughProxy('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: emulator.clientId, AuthParameters: { USERNAME: username, PASSWORD: password } });

  async function signUpThroughProxy(): Promise<string> {
    const email = `proxy-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const signUp = await throughProxy('SignUp', {
      ClientId: emulator.clientId,
      Username: email,
      Password: 'long enough',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(signUp).toMatchObject({ status: 200, body: { UserConfirmed: false } });
    return email;
  }

  const confirm = (email: string) => throughProxy('ConfirmSignUp', { ClientId: emulator.clientId, Username: email, ConfirmationCode: LOCAL_VERIFICATION_CODE });
  const notAvailable = { status: 400, body: { __type: 'NotAuthorizedException', message: 'This call is not available' } };

  it('forwards a Cognito call and returns its answer and content type', async () => {
    const response = await fetch(`${siteUrl}/identity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: emulator.clientId,
        AuthParameters: { USERNAME: DEMO_STAFF_EMAIL, PASSWORD: DEMO_STAFF_PASSWORD },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-amz-json-1.1');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
    const { AuthenticationResult } = (await response.json()) as { AuthenticationResult: AuthenticationResult };
    expect(decodeJwt(AuthenticationResult.IdToken)['cognito:groups']).toEqual(['kitchen']);
  });

  it("returns the emulator's error status and body unchanged", async () => {
    expect(await initiateAuth(DEMO_STAFF_EMAIL, 'not-the-password')).toMatchObject({ status: 400, body: { __type: 'InvalidPasswordException' } });
  });

  it("serves the pool's published keys", async () => {
    const response = await fetch(`${siteUrl}/identity/${emulator.userPoolId}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: { kid: string }[] };
    expect(keys.map((key) => key.kid)).toEqual(['CognitoLocal']);
  });

  it("passes a customer's whole life: sign-up, confirmation, sign-in, profile, password change and reset, deletion", async () => {
    const email = await signUpThroughProxy();
    expect((await confirm(email)).status).toBe(200);
    const signedIn = await initiateAuth(email, 'long enough');
    expect(signedIn.status).toBe(200);
    const accessToken: string = signedIn.body.AuthenticationResult.AccessToken;

    const user = await throughProxy('GetUser', { AccessToken: accessToken });
    expect(user.status).toBe(200);
    expect(user.body.UserAttributes).toContainEqual({ Name: 'email', Value: email });

    expect((await throughProxy('ChangePassword', { AccessToken: accessToken, PreviousPassword: 'long enough', ProposedPassword: 'longer still' })).status).toBe(200);
    expect((await initiateAuth(email, 'longer still')).status).toBe(200);

    expect((await throughProxy('ForgotPassword', { ClientId: emulator.clientId, Username: email })).status).toBe(200);
    const reset = await throughProxy('ConfirmForgotPassword', {
      ClientId: emulator.clientId,
      Username: email,
      ConfirmationCode: LOCAL_VERIFICATION_CODE,
      Password: 'a new password',
    });
    expect(reset.status).toBe(200);
    const afterReset = await initiateAuth(email, 'a new password');
    expect(afterReset.status).toBe(200);

    expect((await throughProxy('DeleteUser', { AccessToken: afterReset.body.AuthenticationResult.AccessToken })).status).toBe(200);
    await expect(callIdentityService(emulator.endpoint, 'AdminGetUser', { UserPoolId: emulator.userPoolId, Username: email })).rejects.toMatchObject({
      type: 'UserNotFoundException',
    });
  });

  it.each([
    ['AdminAddUserToGroup', { GroupName: 'kitchen' }],
    ['AdminCreateUser', { Username: 'made-up@example.com' }],
    ['AdminSetUserPassword', { Password: 'taken over', Permanent: true }],
    ['AdminConfirmSignUp', {}],
    ['AdminGetUser', {}],
    ['ListUsers', {}],
    ['ListUsersInGroup', { GroupName: 'kitchen' }],
    ['CreateGroup', { GroupName: 'owners' }],
    ['DescribeUserPoolClient', { ClientId: 'any' }],
    ['UpdateUserPoolClient', { ClientId: 'any' }],
    ['ListUserPools', { MaxResults: 60 }],
    ['AdminInitiateAuth', { AuthFlow: 'ADMIN_USER_PASSWORD_AUTH' }],
  ])('refuses %s, which no customer makes', async (action, extra) => {
    const email = await signUpThroughProxy();
    expect(await throughProxy(action, { UserPoolId: emulator.userPoolId, Username: email, ...extra })).toEqual(notAvailable);
  });

  it('does not let a customer add themselves to kitchen', async () => {
    const email = await signUpThroughProxy();
    await confirm(email);
    const refused = await throughProxy('AdminAddUserToGroup', { UserPoolId: emulator.userPoolId, Username: email, GroupName: 'kitchen' });
    expect(refused).toEqual(notAvailable);
    const { Groups } = await callIdentityService<{ Groups: unknown[] }>(emulator.endpoint, 'AdminListGroupsForUser', {
      UserPoolId: emulator.userPoolId,
      Username: email,
    });
    expect(Groups).toEqual([]);
    const { AuthenticationResult } = (await initiateAuth(email, 'long enough')).body;
    expect(decodeJwt(AuthenticationResult.IdToken)['cognito:groups']).toBeUndefined();
  });

  it('refuses other paths, methods and calls without a Cognito target', async () => {
    const refusals = [
      fetch(`${siteUrl}/identity`),
      fetch(`${siteUrl}/identity/local_other/.well-known/jwks.json`),
      fetch(`${siteUrl}/identity/${emulator.userPoolId}/.well-known/openid-configuration`),
      fetch(`${siteUrl}/identity/${emulator.userPoolId}/.well-known/jwks.json?x=1`),
      fetch(`${siteUrl}/identity/health`, { method: 'POST', headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' } }),
      fetch(`${siteUrl}/identity`, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1' }, body: '{}' }),
      fetch(`${siteUrl}/identity`, { method: 'POST', headers: { 'x-amz-target': 'SomethingElse.InitiateAuth' }, body: '{}' }),
    ];
    for (const response of await Promise.all(refusals)) {
      expect({ status: response.status, body: await response.json() }, response.url).toEqual(notAvailable);
    }
  });

  it('refuses without contacting the emulator at all', async () => {
    const upstreamCalls: string[] = [];
    const upstream = Fastify();
    upstream.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    upstream.all('/*', async (request) => {
      upstreamCalls.push(`${request.method} ${request.url} ${request.headers['x-amz-target'] ?? ''}`);
      return {};
    });
    const upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const recordingSite = Fastify();
    await recordingSite.register(identityEmulatorProxy, { endpoint: upstreamUrl, userPoolId: emulator.userPoolId });
    const recordingSiteUrl = await recordingSite.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await throughProxy('AdminAddUserToGroup', { GroupName: 'kitchen' }, `${recordingSiteUrl}/identity`)).toEqual(notAvailable);
      expect(await throughProxy('ListUsers', {}, `${recordingSiteUrl}/identity`)).toEqual(notAvailable);
      expect(upstreamCalls).toEqual([]);
      expect((await throughProxy('SignUp', {}, `${recordingSiteUrl}/identity`)).status).toBe(200);
      expect(upstreamCalls).toEqual(['POST / AWSCognitoIdentityProviderService.SignUp']);
    } finally {
      await recordingSite.close();
      await upstream.close();
    }
  });

  describe('ResendConfirmationCode, which the emulator lacks', () => {
    const resend = (username: string) => throughProxy('ResendConfirmationCode', { ClientId: emulator.clientId, Username: username });

    it('answers for an unconfirmed user as Cognito does, and the code stays 123456', async () => {
      const email = await signUpThroughProxy();
      expect(await resend(email)).toEqual({
        status: 200,
        body: { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email', Destination: 'p***@e***' } },
      });
      expect((await confirm(email)).status).toBe(200);
    });

    it('refuses a user who is already confirmed', async () => {
      expect(await resend(DEMO_STAFF_EMAIL)).toEqual({
        status: 400,
        body: { __type: 'InvalidParameterException', message: 'User is already confirmed.' },
      });
    });

    it('refuses an unknown user', async () => {
      expect(await resend('nobody-at-all@example.com')).toMatchObject({ status: 400, body: { __type: 'UserNotFoundException' } });
    });
  });
});
