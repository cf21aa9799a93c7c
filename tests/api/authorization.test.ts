import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { callIdentityService, LOCAL_VERIFICATION_CODE } from '../../src/server/local/identity/emulator';
import { OWNER_ONLY_MESSAGE, STAFF_ONLY_MESSAGE } from '../../src/server/domain/kitchenAccess';
import { accessOf, withDeclaredAccess, type OperationAccess } from '../../src/server/plugins/authorization';
import { KITCHEN_STAFF_GROUP, OWNER_GROUP } from '../../src/domain/staff';
import { allRows } from './databaseSnapshot';
import { identification, readyOrderUpdate, startOrderingServer, type Answer, type OrderingServer } from './orderingServer';

// Who may call what is declared in openapi.yaml and checked by one hook before the body is read (docs/accounts.md).
// The account operations are being built elsewhere: only their refusals are asserted here.

const contractText = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
const contract = parse(contractText) as { paths: Record<string, Record<string, Record<string, unknown>>> };
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operation,
    access: accessOf(String(operation.operationId), operation),
  })),
);
const bearerOperations = operations.filter(({ access }) => access.bearer === 'required');
const staffOperations = operations.filter(({ access }) => access.bearer === 'required' && access.groups.length > 0);
const groupsOf = (access: OperationAccess) => (access.bearer === 'required' ? access.groups : []);
const kitchenOperations = staffOperations.filter(({ access }) => groupsOf(access).every((group) => group === KITCHEN_STAFF_GROUP));
const ownerOperations = staffOperations.filter(({ access }) => groupsOf(access).includes(OWNER_GROUP));
const unauthenticatedOperations = operations.filter(({ access }) => access.bearer !== 'required');

const cognitoLocalPrivateKey = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };
const signInMessage = 'Sign in to continue: a bearer id token is required';
const invalidSignInMessage = 'Your sign-in is invalid or has expired; please sign in again';

let ordering: OrderingServer;
let issuer: string;
let clientId: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  const { identity } = await (await fetch(`${ordering.server.url}/config.json`)).json();
  issuer = `${ordering.server.identityEmulatorEndpoint}/${identity.userPoolId}`;
  clientId = identity.userPoolClientId;
});
afterAll(() => ordering?.close());

/** The operation with every path parameter invalid and, on a POST, PUT or DELETE, a body that is not even JSON. */
async function callWithGarbage(method: string, path: string, token?: string): Promise<Answer> {
  const response = await fetch(`${ordering.server.url}/api${path.replace(/\{[^}]+\}/g, '!!not-valid!!')}`, {
    method,
    headers: {
      ...identification,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(method !== 'GET' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method !== 'GET' ? { body: '{"basketId": [unterminated' } : {}),
  });
  return { status: response.status, body: await response.json() };
}

async function signToken(claims: Record<string, unknown>, { key, expiresAt = Math.floor(Date.now() / 1000) + 600 }: { key?: CryptoKey; expiresAt?: number } = {}) {
  return new SignJWT({ iss: issuer, aud: clientId, sub: 'a-customer', email: 'diner@example.com', token_use: 'id', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key ?? (await importJWK(cognitoLocalPrivateKey.jwk, 'RS256')));
}

describe('the contract declares who may call every operation', () => {
  it('gives every operation a security the server enforces', () => {
    for (const { key, operation } of operations) expect(operation.security, key).toBeInstanceOf(Array);
    expect(bearerOperations.length).toBeGreaterThan(0);
    expect(staffOperations.map(({ key }) => key)).toContain('GET /kitchen/orders');
  });

  it('reads public, customer, staff and optional-bearer operations', () => {
    expect(accessOf('public', { security: [] })).toEqual({ bearer: 'none' });
    expect(accessOf('customer', { security: [{ bearerAuth: [] }] })).toEqual({ bearer: 'required', groups: [] });
    expect(accessOf('staff', { security: [{ bearerAuth: [] }], 'x-identity-groups': ['kitchen'] })).toEqual({ bearer: 'required', groups: ['kitchen'] });
    expect(accessOf('optional', { security: [{}, { bearerAuth: [] }] })).toEqual({ bearer: 'optional' });
  });

  it('refuses to build the API from a contract with an operation that declares no security, naming it', () => {
    const forgetful = structuredClone(contract);
    delete forgetful.paths['/account/GetAccount'].get.security;
    expect(() => withDeclaredAccess(forgetful)).toThrow('getAccount declares no security in openapi.yaml');
  });

  it.each([
    ['another scheme', { security: [{ apiKey: [] }] }],
    ['an anonymous requirement alone', { security: [{}] }],
    ['scopes', { security: [{ bearerAuth: ['admin'] }] }],
    ['groups without a bearer', { security: [], 'x-identity-groups': ['kitchen'] }],
    ['groups on an optional bearer', { security: [{}, { bearerAuth: [] }], 'x-identity-groups': ['kitchen'] }],
    ['groups that are not a list', { security: [{ bearerAuth: [] }], 'x-identity-groups': 'kitchen' }],
  ])('refuses a declaration it cannot enforce: %s', (_what, operation) => {
    expect(() => accessOf('someOperation', operation)).toThrow(/someOperation/);
  });

  it('hands the access to the routes next to what else the contract configures', () => {
    const annotated = withDeclaredAccess(contract);
    const menuConfig = { preEncoded: true, publicAnswer: true };
    expect(annotated.paths['/menu/getMenu/{menuId}'].get['x-fastify-config']).toEqual({ ...menuConfig, access: { bearer: 'none' } });
    expect(contract.paths['/menu/getMenu/{menuId}'].get['x-fastify-config']).toEqual(menuConfig);
  });
});

describe('an anonymous caller', () => {
  it('gets 401 from every operation that requires a bearer, before its parameters or body are read, and writes nothing', async () => {
    const before = allRows(ordering.sqliteFile);
    for (const { key, method, path } of bearerOperations) {
      expect(await callWithGarbage(method, path), key).toEqual({ status: 401, body: { errorMessage: signInMessage, validationErrors: [] } });
    }
    expect(allRows(ordering.sqliteFile)).toEqual(before);
  });

  it('is served by the public and optional-bearer operations (the garbage is refused as such, not as a sign-in)', async () => {
    for (const { key, method, path } of unauthenticatedOperations) {
      expect((await callWithGarbage(method, path)).status, key).not.toBe(401);
    }
  });
});

describe('a token that is not a valid id token of our pool', () => {
  let basketId: string;
  const updateBody = () => readyOrderUpdate(basketId);

  beforeAll(async () => {
    basketId = await ordering.newBasket();
  });

  async function accessTokenOfCustomer(): Promise<string> {
    const email = `access-${Date.now()}@example.com`;
    const endpoint = ordering.server.identityEmulatorEndpoint!;
    await callIdentityService(endpoint, 'SignUp', { ClientId: clientId, Username: email, Password: 'long enough', UserAttributes: [{ Name: 'email', Value: email }] });
    await callIdentityService(endpoint, 'ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: LOCAL_VERIFICATION_CODE });
    const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: { AccessToken: string } }>(endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: 'long enough' },
    });
    return AuthenticationResult.AccessToken;
  }

  const refusedTokens: Array<[string, () => Promise<string>]> = [
    ['a forged token (signed with another key)', async () => signToken({}, { key: (await generateKeyPair('RS256')).privateKey })],
    ['an expired token', () => signToken({}, { expiresAt: Math.floor(Date.now() / 1000) - 60 })],
    ['a token of another issuer', () => signToken({ iss: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Other' })],
    ["an access token of our pool (not the id token)", accessTokenOfCustomer],
    ['something that is not a token', async () => 'not-a-token'],
  ];

  it('is accepted when it is one, so the refusals below are for their faults', async () => {
    const token = await signToken({});
    expect((await ordering.call('/account/GetAccount', { token })).status).not.toBe(401);
    expect((await ordering.post('/orderbuilder/update', updateBody(), token)).status).not.toBe(401);
  });

  it.each(refusedTokens)('%s is 401 on a customer operation and on the optional bearer of the basket update', async (_what, tokenOf) => {
    const token = await tokenOf();
    const before = allRows(ordering.sqliteFile);
    expect(await ordering.call('/account/GetAccount', { token })).toEqual({
      status: 401,
      body: { errorMessage: invalidSignInMessage, validationErrors: [] },
    });
    expect(await ordering.post('/orderbuilder/update', updateBody(), token)).toEqual({
      status: 401,
      body: { errorMessage: invalidSignInMessage, validationErrors: [] },
    });
    expect(allRows(ordering.sqliteFile)).toEqual(before);
  });

  it('is not needed on the basket update: a guest is served without one', async () => {
    const saved = await ordering.post('/orderbuilder/update', updateBody());
    expect(saved.status).toBe(200);
    expect(saved.body.data.order.basketId).toBe(basketId);
  });
});

describe('the staff operations', () => {
  it('refuse a signed-in customer outside the kitchen group with 403 before reading anything, and write nothing', async () => {
    const customerToken = await ordering.customerToken();
    const before = allRows(ordering.sqliteFile);
    for (const { key, method, path } of staffOperations) {
      expect(await callWithGarbage(method, path, customerToken), key).toEqual({
        status: 403,
        body: { errorMessage: ownerOperations.some((owner) => owner.key === key) ? OWNER_ONLY_MESSAGE : STAFF_ONLY_MESSAGE, validationErrors: [] },
      });
    }
    expect(allRows(ordering.sqliteFile)).toEqual(before);
  });

  it('are the kitchen\'s or the owner\'s, every one', () => {
    expect(kitchenOperations.length + ownerOperations.length).toBe(staffOperations.length);
    expect(ownerOperations.map(({ key }) => key)).toContain('GET /manage/audit');
  });

  it('let the kitchen through to its operations, which then read the request', async () => {
    const staffToken = await ordering.staffToken();
    for (const { key, method, path } of kitchenOperations) {
      expect([401, 403], key).not.toContain((await callWithGarbage(method, path, staffToken)).status);
    }
  });

  it("refuse the kitchen the owner's back office with 403 before reading anything, and write nothing", async () => {
    const staffToken = await ordering.staffToken();
    const before = allRows(ordering.sqliteFile);
    for (const { key, method, path } of ownerOperations) {
      expect(await callWithGarbage(method, path, staffToken), key).toEqual({
        status: 403,
        body: { errorMessage: OWNER_ONLY_MESSAGE, validationErrors: [] },
      });
    }
    expect(allRows(ordering.sqliteFile)).toEqual(before);
  });

  it('let the owner through to every staff operation, the kitchen\'s too, without being in the kitchen group', async () => {
    const ownerToken = await ordering.ownerToken();
    const claims = JSON.parse(Buffer.from(ownerToken.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims['cognito:groups']).toEqual([OWNER_GROUP]);
    for (const { key, method, path } of staffOperations) {
      expect([401, 403], key).not.toContain((await callWithGarbage(method, path, ownerToken)).status);
    }
  });
});
