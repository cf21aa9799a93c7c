import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { generateKeyPair, SignJWT } from 'jose';
import { expect } from 'vitest';
import { callIdentityService, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD, LOCAL_VERIFICATION_CODE } from '../../src/server/local/identity/emulator';
import { startServer, type RunningServer } from '../../src/server/main';

// The real server on a fresh SQLite database with the demo restaurant (Tuesday 17:00–22:30, collection lead
// 20 minutes, delivery 45; LS6 is zone 1), its clock fixed by the test, and helpers to place orders and sign in.

export const tuesdayEvening = new Date('2026-11-24T18:00:00Z');
export const identification = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };
export const publicIdPattern = /^[A-Za-z0-9_-]{22}$/;

export interface Answer {
  status: number;
  body: any;
}

/** A signed-up, confirmed customer of the identity emulator, signed in. */
export interface Customer {
  idToken: string;
  sub: string;
  email: string;
}

export interface OrderingServer {
  server: RunningServer;
  /** The server's clock: tests move it. */
  now: Date;
  call(path: string, init?: { method?: string; body?: unknown; token?: string }): Promise<Answer>;
  post(path: string, body?: unknown, token?: string): Promise<Answer>;
  /** A confirmed guest order: collection ASAP, cash, one Mixed Starter for Two (£13.90) unless `changes` say otherwise. */
  confirmedOrder(changes?: Record<string, unknown>): Promise<PlacedOrder>;
  /** A confirmed order whose acceptance has been requested. */
  requestedOrder(changes?: Record<string, unknown>): Promise<PlacedOrder>;
  newBasket(): Promise<string>;
  staffToken(): Promise<string>;
  /** The demo owner's id token (group `owner`: the back office, and the kitchen too). */
  ownerToken(): Promise<string>;
  /** A kitchen staff id token with this server's issuer and audience, but signed with a key of its own: a forgery. */
  forgedStaffToken(): Promise<string>;
  /** A signed-up, confirmed customer outside the kitchen group. */
  customerToken(): Promise<string>;
  /** The same, with the `sub` and email of its id token. */
  newCustomer(): Promise<Customer>;
  /** An id token of an existing identity user (the demo users, say). */
  signIn(email: string, password: string): Promise<string>;
  /** The customer's account record (CreateAccount); answers the account. */
  createAccount(customer: Customer, details?: { name?: string; phone?: string }): Promise<any>;
  /** Every row of the order and account tables, to show that a refused call wrote nothing. */
  orderRows(): Record<string, unknown[]>;
  /** Writes to the database directly what only the restaurant sets (an account's discount, a voucher given). */
  execute(sqlText: string, ...parameters: unknown[]): { lastInsertRowid: number | bigint };
  sqliteFile: string;
  close(): Promise<void>;
}

/** A placed order: its basket id (the customer's capability), its reference (links) and its day's number (people). */
export interface PlacedOrder {
  basketId: string;
  orderRef: string;
  orderNumber: number;
}

export const readyCollection = {
  orderType: 1,
  orderItems: [{ categoryId: 1, itemId: 109, quantity: 1, title: 'as the client remembers it', itemCost: 0, lineCost: 0 }],
  name: 'Ada Lovelace',
  phone: '0113 496 0999',
  email: 'ada@example.com',
  asapFlag: true,
  paymentType: 1,
};

/** A whole order update for `basketId`, ready to confirm (readyCollection), as the site sends it; the totals are the server's to work out. */
export function readyOrderUpdate(basketId: string, changes: Record<string, unknown> = {}) {
  return {
    basketId,
    menuVersion: 1,
    sourceType: 'Website',
    os: 'web',
    osVersion: 'Linux',
    appVersion: '1.0.81',
    voucherItems: [],
    itemCost: 0,
    deliveryCharge: 0,
    bagCharge: 0,
    discount: 0,
    totalCost: 0,
    ignoreTimeOffset: false,
    ...readyCollection,
    ...changes,
  };
}

export const leedsAddress = { address1: '3 Cardigan Road', address2: '', town: 'Leeds', postcode: 'LS6 2AB' };

/**
 * `dataDir` and `payPalFakeUrl` start it on another server's data and PayPal fake, as after a restart; its close then
 * leaves the data directory to whoever made it. `rateLimits: false` turns the abuse limits off, for tests that send
 * thousands of calls from one address. `databaseUrl` runs it on that PostgreSQL database instead (orderRows and execute
 * read the SQLite file only).
 */
export async function startOrderingServer(
  options: { dataDir?: string; payPalFakeUrl?: string; now?: Date; rateLimits?: boolean; databaseUrl?: string } = {},
): Promise<OrderingServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ordering-test-'));
  const sqliteFile = join(dataDir, 'takeaway.sqlite');
  const state = { now: options.now ?? tuesdayEvening };
  const server = await startServer(
    {
      port: 0,
      dataDir,
      siteRoot: join(dataDir, 'no-site'),
      logLevel: 'silent',
      identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
      payPal: { mode: 'local', fakePort: 0, fakeUrl: options.payPalFakeUrl },
      clock: () => state.now,
      ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
      ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
      ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
    },
    {},
  );
  const { identity } = await (await fetch(`${server.url}/config.json`)).json();
  const clientId: string = identity.userPoolClientId;

  async function call(path: string, { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {}): Promise<Answer> {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...identification,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  }
  const post = (path: string, body: unknown = {}, token?: string) => call(path, { method: 'POST', body, token });

  async function newBasket(): Promise<string> {
    const { status, body } = await call('/OrderBuilder/create');
    expect(status).toBe(200);
    return body.data.basketId;
  }

  async function confirmedOrder(changes: Record<string, unknown> = {}) {
    const basketId = await newBasket();
    const updated = await post('/orderbuilder/update', readyOrderUpdate(basketId, changes));
    expect(updated.status).toBe(200);
    const confirmed = await post('/orderbuilder/confirm', { basketId });
    expect(confirmed.status).toBe(200);
    return { basketId, orderRef: confirmed.body.data.orderRef as string, orderNumber: confirmed.body.data.orderNumber as number };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: { IdToken: string } }>(
      server.identityEmulatorEndpoint!,
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password } },
    );
    return AuthenticationResult.IdToken;
  }

  let customerCount = 0;
  async function newCustomer(): Promise<Customer> {
    customerCount += 1;
    const email = `diner-${customerCount}-${Date.now()}@example.com`;
    const password = 'long enough';
    const endpoint = server.identityEmulatorEndpoint!;
    await callIdentityService(endpoint, 'SignUp', { ClientId: clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
    await callIdentityService(endpoint, 'ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: LOCAL_VERIFICATION_CODE });
    const idToken = await signIn(email, password);
    const { sub } = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
    return { idToken, sub, email };
  }

  return {
    server,
    sqliteFile,
    get now() {
      return state.now;
    },
    set now(value: Date) {
      state.now = value;
    },
    call,
    post,
    newBasket,
    confirmedOrder,
    async requestedOrder(changes = {}) {
      const order = await confirmedOrder(changes);
      expect((await post('/orderbuilder/createAcceptance', { basketId: order.basketId })).status).toBe(200);
      return order;
    },
    staffToken: () => signIn(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD),
    ownerToken: () => signIn(DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD),
    async forgedStaffToken() {
      const { privateKey } = await generateKeyPair('RS256');
      return new SignJWT({ token_use: 'id', email: 'staff@example.com', 'cognito:groups': ['kitchen'] })
        .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .setSubject('someone')
        .setIssuer(`${server.identityEmulatorEndpoint}/${identity.userPoolId}`)
        .setAudience(clientId)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
    },
    async customerToken() {
      return (await newCustomer()).idToken;
    },
    newCustomer,
    signIn,
    async createAccount(customer, details = {}) {
      const created = await post('/account/CreateAccount', { authId: customer.sub, email: customer.email, ...details }, customer.idToken);
      expect(created.status).toBe(200);
      return created.body.data.account;
    },
    orderRows() {
      const sqlite = new SqliteDatabase(sqliteFile, { readonly: true });
      try {
        const rows: Record<string, unknown[]> = {};
        const tables = ['baskets', 'basket_lines', 'basket_vouchers', 'order_acceptances', 'order_events'];
        for (const table of [...tables, 'accounts', 'account_addresses', 'account_vouchers', 'loyalty_events']) {
          rows[table] = sqlite.prepare(`select * from "${table}" order by 1, 2`).all();
        }
        return rows;
      } finally {
        sqlite.close();
      }
    },
    execute(sqlText, ...parameters) {
      const sqlite = new SqliteDatabase(sqliteFile);
      try {
        return sqlite.prepare(sqlText).run(...parameters);
      } finally {
        sqlite.close();
      }
    },
    async close() {
      await server.close();
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
