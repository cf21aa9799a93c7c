import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidTokenError } from '../../src/server/identity/verify';
import { loggedUrl } from '../../src/server/logging';
import { buildInjectedApp, type InjectedApp } from './injectedApp';
import {
  identification,
  leedsAddress,
  readyOrderUpdate,
  startOrderingServer,
  type Answer,
  type Customer,
  type OrderingServer,
} from './orderingServer';

// Privacy by capability (docs/interfaces.md, Privacy): an order reference travels in tracking links, so alone it shows
// the order but not who ordered it or where it goes; personal answers are never cached; logs hold no personal data.

const customerDetails = {
  name: 'Grace Hopper',
  phone: '0113 496 0777',
  email: 'grace@example.com',
  notes: 'Gate code 4321, flat 2',
};

let ordering: OrderingServer;

beforeAll(async () => {
  ordering = await startOrderingServer();
});

afterAll(async () => {
  await ordering?.close();
});

async function orderDetails(orderRef: string, headers: Record<string, string> = {}): Promise<Answer & { cacheControl: string | null }> {
  const response = await fetch(`${ordering.server.url}/api/order/OrderDetails/${orderRef}`, { headers: { ...identification, ...headers } });
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get('cache-control') };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /order/OrderDetails/{orderId}', () => {
  let basketId: string;
  let orderRef: string;

  beforeAll(async () => {
    ({ basketId, orderRef } = await ordering.requestedOrder({ ...customerDetails, orderType: 2, deliveryAddress: leedsAddress }));
  });

  it('shows the order without who ordered it or where it goes to whoever holds only the reference', async () => {
    const { status, body } = await orderDetails(orderRef);
    expect(status).toBe(200);
    expect(body.data.orderDetails).toMatchObject({
      orderRef,
      items: 1,
      orderType: 2,
      name: '',
      phoneNumber: '',
      emailAddress: '',
      deliveryAddress: null,
      notes: '',
      personalDetailsWithheld: true,
    });
    expect(body.data.orderDetails.amount).toBeGreaterThan(0);
    expect(body.data.orderItems).toEqual([expect.objectContaining({ itemId: 109, quantity: 1 })]);
    const answer = JSON.stringify(body);
    for (const personal of [customerDetails.name, customerDetails.phone, customerDetails.email, 'Gate code', 'Cardigan', 'LS6']) {
      expect(answer).not.toContain(personal);
    }
  });

  it("shows everything to the browser that ordered, which sends the order's basket id", async () => {
    const { status, body } = await orderDetails(orderRef, { 'x-basket-id': basketId });
    expect(status).toBe(200);
    expect(body.data.orderDetails).toMatchObject({
      name: customerDetails.name,
      phoneNumber: customerDetails.phone,
      emailAddress: customerDetails.email,
      notes: customerDetails.notes,
      deliveryAddress: leedsAddress,
      personalDetailsWithheld: false,
    });
  });

  it('shows everything to the kitchen staff', async () => {
    const { body } = await orderDetails(orderRef, bearer(await ordering.staffToken()));
    const shown = { name: customerDetails.name, deliveryAddress: leedsAddress, personalDetailsWithheld: false };
    expect(body.data.orderDetails).toMatchObject(shown);
  });

  it("answers another basket's id, a signed-in stranger or the reference as the basket id with the order alone, not an error", async () => {
    const otherBasket = await ordering.newBasket();
    const stranger = await ordering.customerToken();
    for (const headers of [{ 'x-basket-id': otherBasket }, { 'x-basket-id': orderRef }, bearer(stranger)]) {
      const { status, body } = await orderDetails(orderRef, headers);
      expect(status, JSON.stringify(headers)).toBe(200);
      const withheld = { name: '', deliveryAddress: null, personalDetailsWithheld: true };
      expect(body.data.orderDetails, JSON.stringify(headers)).toMatchObject(withheld);
    }
  });

  it('refuses a forged bearer as on every call that takes one', async () => {
    expect((await orderDetails(orderRef, bearer('not.a.token'))).status).toBe(401);
  });

  describe("a signed-in customer's order", () => {
    let customer: Customer;
    let accountOrderRef: string;

    beforeAll(async () => {
      customer = await ordering.newCustomer();
      await ordering.createAccount(customer, { name: 'Katherine Johnson', phone: '0113 496 0555' });
      const accountBasket = await ordering.newBasket();
      const update = readyOrderUpdate(accountBasket, { name: 'Katherine Johnson', phone: '0113 496 0555', email: customer.email });
      expect((await ordering.post('/orderbuilder/update', update, customer.idToken)).status).toBe(200);
      const confirmed = await ordering.post('/orderbuilder/confirmAuth', { basketId: accountBasket }, customer.idToken);
      expect(confirmed.status).toBe(200);
      accountOrderRef = confirmed.body.data.orderRef;
      expect((await ordering.post('/orderbuilder/createAcceptance', { basketId: accountBasket })).status).toBe(200);
    });

    it('shows everything to its owner on any device, by their bearer alone', async () => {
      const { body } = await orderDetails(accountOrderRef, bearer(customer.idToken));
      const shown = { name: 'Katherine Johnson', emailAddress: customer.email, personalDetailsWithheld: false };
      expect(body.data.orderDetails).toMatchObject(shown);
    });

    it('withholds them from another customer and from the reference alone', async () => {
      const other = await ordering.customerToken();
      for (const headers of [bearer(other), {}]) {
        const { body } = await orderDetails(accountOrderRef, headers);
        expect(body.data.orderDetails).toMatchObject({ name: '', emailAddress: '', personalDetailsWithheld: true });
      }
    });
  });

  it('keeps the tracking and acceptance answers free of personal data', async () => {
    const tracked = JSON.stringify((await ordering.call(`/order/GetActiveOrder/${orderRef}`)).body);
    const acceptance = JSON.stringify((await ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`)).body);
    for (const answer of [tracked, acceptance]) {
      expect(answer).toContain(orderRef);
      for (const personal of [customerDetails.name, customerDetails.phone, customerDetails.email, 'Gate code', 'Cardigan']) {
        expect(answer).not.toContain(personal);
      }
    }
  });
});

describe('Cache-Control', () => {
  async function cacheControlOf(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<string | null> {
    const response = await fetch(`${ordering.server.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...identification,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token === undefined ? {} : bearer(init.token)),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    await response.arrayBuffer();
    return response.headers.get('cache-control');
  }

  it('is no-store on every answer about a basket, an order, an account or the kitchen, refusals included', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder(customerDetails);
    const staff = await ordering.staffToken();
    const customer = await ordering.newCustomer();
    await ordering.createAccount(customer);
    const personalCalls: Array<[string, Parameters<typeof cacheControlOf>[1]]> = [
      [`/order/OrderDetails/${orderRef}`, {}],
      [`/order/GetActiveOrder/${orderRef}`, {}],
      [`/orderbuilder/acceptanceDetails/${basketId}`, {}],
      ['/orderbuilder/update', { method: 'POST', body: readyOrderUpdate(basketId, customerDetails) }],
      ['/orderbuilder/confirm', { method: 'POST', body: { basketId } }],
      ['/OrderBuilder/create', {}],
      ['/account/GetAccount', { token: customer.idToken }],
      ['/account/GetAccount', {}],
      ['/kitchen/orders', { token: staff }],
      ['/orderbuilder/checkDelivery/LS6%202AB', {}],
      ['/no/such/route', {}],
    ];
    for (const [path, init] of personalCalls) expect(await cacheControlOf(path, init), path).toBe('no-store');
  });

  it('is left as it was on the public answers that are the same for everyone', async () => {
    for (const path of ['/restaurant/coreRestaurantData', '/pagedata/page/Gallery', '/menu/getMenu/1']) {
      expect(await cacheControlOf(path), path).not.toBe('no-store');
    }
  });
});

describe('the log', () => {
  let injected: InjectedApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  const signedInToken = 'eyJhbGciOiJSUzI1NiJ9.c2lnbmVkLWluLWN1c3RvbWVy.c2VjcmV0LXNpZ25hdHVyZQ';

  beforeAll(async () => {
    injected = await buildInjectedApp({
      config: { logLevel: 'info', logFormat: 'json' },
      // The one token this test signs in with; any other is refused as a forged one is.
      verifyIdToken: async (token) => {
        if (token !== signedInToken) throw new InvalidTokenError('not this test token');
        return { sub: 'log-test-customer', email: customerDetails.email, groups: [] };
      },
      logOutput: { write: (text: string) => lines.push(text) },
    });
    app = injected.app;
  });

  afterAll(() => injected?.close());

  it('carries request ids, never the tokens, basket ids or personal details that the requests held', async () => {
    lines.length = 0;
    const basketId = (await app.inject({ url: '/api/OrderBuilder/create', headers: identification })).json().data.basketId as string;
    const signedIn = { ...identification, authorization: `Bearer ${signedInToken}`, cookie: 'session=private-cookie-value' };
    const update = readyOrderUpdate(basketId, { ...customerDetails, orderType: 2, deliveryAddress: leedsAddress });
    const updated = await app.inject({ method: 'POST', url: '/api/orderbuilder/update', headers: signedIn, payload: update });
    expect(updated.statusCode).toBe(200);
    // Refused ones too: a body the contract rejects, one that is not JSON, a malformed one, and a forged bearer.
    const refusals = [
      { headers: signedIn, payload: { ...update, phone: 12345 } },
      { headers: { ...signedIn, 'content-type': 'text/plain' }, payload: JSON.stringify(update) },
      { headers: { ...signedIn, 'content-type': 'application/json' }, payload: `{"name":"${customerDetails.name}","email":` },
      { headers: { ...identification, authorization: 'Bearer forged.grace.token' }, payload: update },
    ];
    for (const refusal of refusals) {
      const answer = await app.inject({ method: 'POST', url: '/api/orderbuilder/update', ...refusal });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    }
    await app.inject({ url: `/api/orderbuilder/checkDelivery/LS6%202AB`, headers: { ...identification, 'x-basket-id': basketId } });

    expect(lines.length).toBeGreaterThanOrEqual(12);
    const log = lines.join('');
    for (const secret of [signedInToken, 'forged.grace.token', 'private-cookie-value', basketId, ...Object.values(customerDetails)]) {
      expect(log).not.toContain(secret);
    }
    // In what the lines say, not in their numbers: a response time's digits may spell out "0113" by chance.
    const said = lines.flatMap((line) => textsIn(JSON.parse(line))).join('\n');
    for (const personal of ['Grace', '0113', 'Cardigan', 'LS6']) expect(said).not.toContain(personal);
    for (const line of lines) expect(JSON.parse(line), line).toHaveProperty('reqId');
    expect(log).toContain('/api/orderbuilder/checkDelivery/[postcode]');
  });

  it("keeps tokens, cookies, basket ids, bodies and a database error's details out of a line that names them", async () => {
    lines.length = 0;
    const headers = {
      authorization: `Bearer ${signedInToken}`,
      cookie: 'session=private-cookie-value',
      'x-basket-id': 'basket-secret',
    };
    const databaseError = Object.assign(new Error('duplicate key'), { detail: `Key (email)=(${customerDetails.email}) already exists` });
    app.log.info({ headers, body: customerDetails, err: databaseError }, 'a careless line');
    const log = lines.join('');
    for (const secret of [signedInToken, 'private-cookie-value', 'basket-secret', customerDetails.name, customerDetails.email]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('[redacted]');
  });

  it('names the delivery check without its postcode, and every other address as it was', () => {
    expect(loggedUrl('/api/orderbuilder/checkDelivery/ls6%202ab?x=1')).toBe('/api/orderbuilder/checkDelivery/[postcode]?x=1');
    expect(loggedUrl('/api/order/GetActiveOrder/abc')).toBe('/api/order/GetActiveOrder/abc');
  });
});

/** Every string in a logged line, keys included, however deep. */
function textsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...textsIn(inner)]);
  return [];
}
