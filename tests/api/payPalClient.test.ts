import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARD_VERIFICATION } from '../../src/domain/payPalOrder';
import { FAKE_CARDS } from '../../src/server/local/payPal/fakeCards';
import {
  LOCAL_PAYPAL_CLIENT_ID,
  LOCAL_PAYPAL_CLIENT_SECRET,
  startPayPalFake,
  type FakeFailureMode,
  type FakeOperation,
  type PayPalFake,
} from '../../src/server/local/payPal/payPalFake';
import { payPalSdkScript } from '../../src/server/local/payPal/sdkScript';
import {
  createPayPalClient,
  PayPalError,
  type PayPalClient,
  type PayPalErrorKind,
  type PayPalOrderRequest,
} from '../../src/server/payments/payPalClient';

// The server's PayPal client against the loopback fake, over real HTTP: what the payment handlers rely on.

const orderRequest: PayPalOrderRequest = {
  intent: 'AUTHORIZE',
  purchase_units: [
    {
      reference_id: 'basket-1',
      custom_id: 'basket-1',
      amount: {
        currency_code: 'GBP',
        value: '16.80',
        breakdown: {
          item_total: { currency_code: 'GBP', value: '13.90' },
          handling: { currency_code: 'GBP', value: '0.10' },
          shipping: { currency_code: 'GBP', value: '2.80' },
        },
      },
      shipping: {
        address: { address_line_1: '3 Cardigan Road', admin_area_2: 'Leeds', admin_area_1: 'West Yorkshire', postal_code: 'LS6 2AB', country_code: 'GB' },
      },
    },
  ],
};

const CLIENT_TIMEOUT_MS = 400;
let fake: PayPalFake;
let client: PayPalClient;
let requestNumber = 0;

const newClient = (overrides: { clientSecret?: string; baseUrl?: string } = {}) =>
  createPayPalClient({
    baseUrl: fake.url,
    clientId: LOCAL_PAYPAL_CLIENT_ID,
    clientSecret: LOCAL_PAYPAL_CLIENT_SECRET,
    timeoutMs: CLIENT_TIMEOUT_MS,
    ...overrides,
  });
const requestId = (operation: string) => `${operation}-${(requestNumber += 1)}`;

async function approve(orderId: string, approval: Record<string, unknown> = { paymentSource: 'paypal' }, at = fake.url) {
  return fetch(`${at}/fake/orders/${orderId}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(approval),
  });
}

async function approvedOrder(approval?: Record<string, unknown>): Promise<string> {
  // As the browser does, a card's order asks for 3-D Secure when required.
  const cardRequest = { ...orderRequest, payment_source: { card: { attributes: { verification: CARD_VERIFICATION } } } };
  const request: PayPalOrderRequest = approval?.paymentSource === 'card' ? cardRequest : orderRequest;
  const order = await client.createOrder(request, requestId('create'));
  expect((await approve(order.id, approval)).status).toBe(200);
  return order.id;
}

async function authorisedOrder(): Promise<{ orderId: string; authorizationId: string }> {
  const orderId = await approvedOrder();
  const order = await client.authorizeOrder(orderId, requestId('authorize'));
  return { orderId, authorizationId: order.purchase_units[0].payments!.authorizations![0].id };
}

async function failure(call: Promise<unknown>): Promise<PayPalError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PayPalError);
  return error as PayPalError;
}

beforeAll(async () => {
  fake = await startPayPalFake({ timeoutHoldMs: 2_000 });
  client = newClient();
});

afterAll(async () => {
  await fake?.close();
});

afterEach(() => {
  fake.control.reset();
  client = newClient();
});

describe('OAuth', () => {
  it('fetches one token and uses it for every call while it is valid', async () => {
    const order = await client.createOrder(orderRequest, requestId('create'));
    await client.getOrder(order.id);
    await client.getOrder(order.id);
    expect(fake.control.orders().performed.token).toBe(1);
  });

  it('fetches a token once for calls made at the same time', async () => {
    await Promise.all([1, 2, 3].map(() => client.createOrder(orderRequest, requestId('create'))));
    expect(fake.control.orders().performed).toMatchObject({ token: 1, create: 3 });
  });

  it('fetches a new token once when PayPal answers 401 to the cached one', async () => {
    const order = await client.createOrder(orderRequest, requestId('create'));
    fake.control.revokeTokens();
    expect((await client.getOrder(order.id)).id).toBe(order.id);
    expect(fake.control.orders().performed).toMatchObject({ token: 2, get: 1 });
  });

  it('fetches a new token when the cached one expires within 60 seconds', async () => {
    const shortLived = await startPayPalFake({ tokenLifetimeSeconds: 59 });
    try {
      const shortLivedClient = newClient({ baseUrl: shortLived.url });
      const order = await shortLivedClient.createOrder(orderRequest, requestId('create'));
      await shortLivedClient.getOrder(order.id);
      expect(shortLived.control.orders().performed.token).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  it('reads wrong credentials as an invalid request', async () => {
    const error = await failure(newClient({ clientSecret: 'wrong' }).getOrder('ANY'));
    expect(error).toMatchObject({ kind: 'invalid', status: 401, issue: 'invalid_client' });
  });
});

describe('the operations', () => {
  it('creates an order as asked, and reads it back', async () => {
    const created = await client.createOrder(orderRequest, requestId('create'));
    expect(created).toMatchObject({ status: 'CREATED', intent: 'AUTHORIZE', purchase_units: [{ reference_id: 'basket-1', custom_id: 'basket-1' }] });
    expect(created.id).toMatch(/^[A-Z0-9]{17}$/);
    const read = await client.getOrder(created.id);
    expect(read.purchase_units[0].amount).toEqual(orderRequest.purchase_units[0].amount);
    expect(read.purchase_units[0].shipping).toEqual(orderRequest.purchase_units[0].shipping);
  });

  it('authorises an approved PayPal order, captures the authorisation and refunds the capture', async () => {
    const orderId = await approvedOrder({ paymentSource: 'paypal' });
    expect(await client.getOrder(orderId)).toMatchObject({ status: 'APPROVED', payment_source: { paypal: { account_status: 'VERIFIED' } } });

    const authorised = await client.authorizeOrder(orderId, requestId('authorize'));
    expect(authorised.status).toBe('COMPLETED');
    const [authorization] = authorised.purchase_units[0].payments!.authorizations!;
    expect(authorization).toMatchObject({ status: 'CREATED', amount: { currency_code: 'GBP', value: '16.80' } });
    expect(await client.getAuthorization(authorization.id)).toMatchObject({ id: authorization.id, status: 'CREATED' });

    const capture = await client.captureAuthorization(authorization.id, requestId('capture'));
    expect(capture).toMatchObject({ status: 'COMPLETED', final_capture: true, amount: { currency_code: 'GBP', value: '16.80' } });
    expect((await client.getAuthorization(authorization.id)).status).toBe('CAPTURED');

    const refund = await client.refundCapture(capture.id, requestId('refund'));
    expect(refund).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'GBP', value: '16.80' } });
    expect(fake.control.orders().captures).toEqual([expect.objectContaining({ id: capture.id, status: 'REFUNDED' })]);
  });

  it('voids an authorisation, which then cannot be captured', async () => {
    const { authorizationId } = await authorisedOrder();
    await expect(client.voidAuthorization(authorizationId, requestId('void'))).resolves.toBeUndefined();
    expect((await client.getAuthorization(authorizationId)).status).toBe('VOIDED');
    const error = await failure(client.captureAuthorization(authorizationId, requestId('capture')));
    expect(error).toMatchObject({ kind: 'unprocessable', status: 422, issue: 'AUTHORIZATION_VOIDED' });
    expect(error.debugId).toMatch(/^[0-9a-f]+$/);
  });

  it('refuses to authorise an order the payer has not approved', async () => {
    const order = await client.createOrder(orderRequest, requestId('create'));
    const error = await failure(client.authorizeOrder(order.id, requestId('authorize')));
    expect(error).toMatchObject({ kind: 'unprocessable', status: 422, issue: 'ORDER_NOT_APPROVED' });
  });

  it('reads an unknown order as an invalid request', async () => {
    expect(await failure(client.getOrder('NOSUCHORDER000000'))).toMatchObject({ kind: 'invalid', status: 404, issue: 'INVALID_RESOURCE_ID' });
  });

  it('refuses an order whose breakdown does not add up to its amount', async () => {
    const unit = orderRequest.purchase_units[0];
    const wrongTotal = { ...orderRequest, purchase_units: [{ ...unit, amount: { ...unit.amount, value: '16.81' } }] };
    expect(await failure(client.createOrder(wrongTotal, requestId('create')))).toMatchObject({ kind: 'unprocessable', issue: 'AMOUNT_MISMATCH' });
  });

  it('refuses a PayPal-Request-Id longer than PayPal allows, before calling', async () => {
    await expect(client.createOrder(orderRequest, 'x'.repeat(109))).rejects.toThrow(RangeError);
    expect(fake.control.orders().performed.create).toBe(0);
  });
});

describe('the payer at PayPal', () => {
  it('an unverified PayPal account shows on the approved order', async () => {
    const orderId = await approvedOrder({ paymentSource: 'paypal', accountStatus: 'UNVERIFIED' });
    expect((await client.getOrder(orderId)).payment_source).toMatchObject({ paypal: { account_status: 'UNVERIFIED' } });
  });

  it('a card that passes 3-D Secure shifts liability', async () => {
    const orderId = await approvedOrder({ paymentSource: 'card', card: { number: FAKE_CARDS.approved, expiry: '12/39', securityCode: '123' } });
    expect((await client.getOrder(orderId)).payment_source).toEqual({
      card: {
        last_digits: '1111',
        brand: 'VISA',
        type: 'CREDIT',
        authentication_result: { liability_shift: 'POSSIBLE', three_d_secure: { enrollment_status: 'Y', authentication_status: 'Y' } },
      },
    });
  });

  it('a card that fails 3-D Secure does not shift liability', async () => {
    const orderId = await approvedOrder({
      paymentSource: 'card',
      card: { number: FAKE_CARDS.secureCustomerAuthenticationFailed, expiry: '12/39', securityCode: '123' },
    });
    expect((await client.getOrder(orderId)).payment_source?.card?.authentication_result?.liability_shift).toBe('NO');
  });

  it('the declined card gives a COMPLETED order whose authorisation is DENIED', async () => {
    const orderId = await approvedOrder({ paymentSource: 'card', card: { number: FAKE_CARDS.declined, expiry: '12/39', securityCode: '123' } });
    const order = await client.authorizeOrder(orderId, requestId('authorize'));
    expect(order.status).toBe('COMPLETED');
    const [authorization] = order.purchase_units[0].payments!.authorizations!;
    expect(authorization.status).toBe('DENIED');
    const error = await failure(client.captureAuthorization(authorization.id, requestId('capture')));
    expect(error).toMatchObject({ kind: 'unprocessable', issue: 'AUTHORIZATION_DENIED' });
  });

  it.each([
    ['a number failing the Luhn check', { number: '4111111111111112', expiry: '12/39', securityCode: '123' }, 'CARD_NUMBER_INVALID'],
    ['an expired card', { number: FAKE_CARDS.approved, expiry: '01/20', securityCode: '123' }, 'CARD_EXPIRED'],
    ['a short security code', { number: FAKE_CARDS.approved, expiry: '12/39', securityCode: '1' }, 'INVALID_SECURITY_CODE_LENGTH'],
  ])('refuses %s with 422, leaving the order unapproved', async (_case, card, issue) => {
    const order = await client.createOrder(orderRequest, requestId('create'));
    const answer = await approve(order.id, { paymentSource: 'card', card });
    expect(answer.status).toBe(422);
    expect((await answer.json()).details[0].issue).toBe(issue);
    expect((await client.getOrder(order.id)).status).toBe('CREATED');
  });
});

describe('PayPal-Request-Id', () => {
  it('the same id twice authorises once and answers the same authorisation', async () => {
    const orderId = await approvedOrder();
    const [first, second] = [await client.authorizeOrder(orderId, 'authorize-basket-1'), await client.authorizeOrder(orderId, 'authorize-basket-1')];
    expect(second).toEqual(first);
    const { authorizations, performed } = fake.control.orders();
    expect(authorizations).toHaveLength(1);
    expect(performed.authorize).toBe(1);
  });

  it('a different id cannot authorise the same order again', async () => {
    const orderId = await approvedOrder();
    await client.authorizeOrder(orderId, 'authorize-basket-1');
    expect(await failure(client.authorizeOrder(orderId, 'authorize-basket-2'))).toMatchObject({ issue: 'ORDER_ALREADY_AUTHORIZED' });
  });

  it('the same id twice captures once, even when both are sent at once', async () => {
    const { authorizationId } = await authorisedOrder();
    const [first, second] = await Promise.all([
      client.captureAuthorization(authorizationId, 'capture-basket-1'),
      client.captureAuthorization(authorizationId, 'capture-basket-1'),
    ]);
    expect(second.id).toBe(first.id);
    expect(fake.control.orders().captures).toHaveLength(1);
    expect(fake.control.orders().performed.capture).toBe(1);
  });

  it('the same id twice refunds once', async () => {
    const { authorizationId } = await authorisedOrder();
    const capture = await client.captureAuthorization(authorizationId, 'capture-basket-1');
    const first = await client.refundCapture(capture.id, 'refund-basket-1');
    const second = await client.refundCapture(capture.id, 'refund-basket-1');
    expect(second.id).toBe(first.id);
    expect(fake.control.orders().refunds).toHaveLength(1);
  });

  it('the same id twice voids once, without an error the second time', async () => {
    const { authorizationId } = await authorisedOrder();
    await client.voidAuthorization(authorizationId, 'void-basket-1');
    await client.voidAuthorization(authorizationId, 'void-basket-1');
    expect(fake.control.orders().performed.void).toBe(1);
    expect(await failure(client.voidAuthorization(authorizationId, 'void-basket-2'))).toMatchObject({ issue: 'PREVIOUSLY_VOIDED' });
  });
});

describe('failures PayPal can be told to answer', () => {
  it.each<[FakeFailureMode, PayPalErrorKind, number | undefined, string | undefined]>([
    ['declined', 'declined', 422, 'INSTRUMENT_DECLINED'],
    ['unverified', 'unverified', 422, 'PAYER_ACCOUNT_RESTRICTED'],
    // The same request still being worked on refuses nothing: it is asked again later.
    ['in-progress', 'unavailable', 422, 'PREVIOUS_REQUEST_IN_PROGRESS'],
    ['server-error', 'unavailable', 500, 'INTERNAL_SERVER_ERROR'],
    ['unreachable', 'unavailable', undefined, undefined],
    ['timeout', 'timeout', undefined, undefined],
  ])('an authorisation failing with %s is a PayPalError of kind %s', async (mode, kind, status, issue) => {
    const orderId = await approvedOrder();
    fake.control.failNext('authorize', mode);
    const error = await failure(client.authorizeOrder(orderId, 'authorize-basket-1'));
    expect(error).toMatchObject({ kind, status, issue });
  });

  it('a failure lasts as many calls as asked, then the call succeeds', async () => {
    const orderId = await approvedOrder();
    fake.control.failNext('get', 'server-error', 2);
    await failure(client.getOrder(orderId));
    await failure(client.getOrder(orderId));
    expect((await client.getOrder(orderId)).id).toBe(orderId);
  });

  it('an authorisation whose answer timed out took effect, and the retry with the same id answers it', async () => {
    const orderId = await approvedOrder();
    fake.control.failNext('authorize', 'timeout');
    expect(await failure(client.authorizeOrder(orderId, 'authorize-basket-1'))).toMatchObject({ kind: 'timeout' });
    const retried = await client.authorizeOrder(orderId, 'authorize-basket-1');
    expect(retried.purchase_units[0].payments!.authorizations![0].status).toBe('CREATED');
    expect(fake.control.orders().performed.authorize).toBe(1);
  });

  it.each<[FakeOperation, (ids: { orderId: string; authorizationId: string; captureId: string }) => Promise<unknown>]>([
    ['token', ({ orderId }) => newClient().getOrder(orderId)],
    ['create', () => client.createOrder(orderRequest, requestId('create'))],
    ['get', ({ authorizationId }) => client.getAuthorization(authorizationId)],
    ['capture', ({ authorizationId }) => client.captureAuthorization(authorizationId, requestId('capture'))],
    ['void', ({ authorizationId }) => client.voidAuthorization(authorizationId, requestId('void'))],
    ['refund', ({ captureId }) => client.refundCapture(captureId, requestId('refund'))],
  ])('%s can be made to fail', async (operation, call) => {
    const { orderId, authorizationId } = await authorisedOrder();
    const { authorizationId: capturedId } = await authorisedOrder();
    const captureId = (await client.captureAuthorization(capturedId, requestId('capture'))).id;
    const before = fake.control.orders().performed[operation];
    fake.control.failNext(operation, 'server-error');
    expect(await failure(call({ orderId, authorizationId, captureId }))).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(fake.control.orders().performed[operation]).toBe(before);
  });

  it('is told over HTTP too, and forgets its failures on DELETE', async () => {
    const orderId = await approvedOrder();
    const told = await fetch(`${fake.url}/fake/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'authorize', mode: 'declined', times: 3 }),
    });
    expect(told.status).toBe(204);
    expect(await failure(client.authorizeOrder(orderId, requestId('authorize')))).toMatchObject({ kind: 'declined' });
    expect((await fetch(`${fake.url}/fake/failures`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.authorizeOrder(orderId, requestId('authorize'))).status).toBe('COMPLETED');
  });

  it('fails only the calls about one basket\'s PayPal orders when told its basket, so tests beside each other keep theirs', async () => {
    const otherBasketsRequest = { ...orderRequest, purchase_units: [{ ...orderRequest.purchase_units[0], custom_id: 'basket-2' }] };
    const told = await fetch(`${fake.url}/fake/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'create', mode: 'server-error', basketId: 'basket-2' }),
    });
    expect(told.status).toBe(204);
    expect((await client.createOrder(orderRequest, requestId('create'))).purchase_units[0].custom_id).toBe('basket-1');
    expect(await failure(client.createOrder(otherBasketsRequest, requestId('create')))).toMatchObject({ status: 500 });

    const { orderId, authorizationId } = await authorisedOrder();
    const other = await client.createOrder(otherBasketsRequest, requestId('create'));
    expect((await approve(other.id)).status).toBe(200);
    fake.control.failNext('authorize', 'declined', 1, 'basket-2');
    fake.control.failNext('capture', 'declined', 1, 'basket-2');
    expect((await client.captureAuthorization(authorizationId, requestId('capture'))).status).toBe('COMPLETED');
    expect(await failure(client.authorizeOrder(other.id, requestId('authorize')))).toMatchObject({ kind: 'declined' });
    const otherAuthorised = await client.authorizeOrder(other.id, requestId('authorize'));
    const otherAuthorisationId = otherAuthorised.purchase_units[0].payments!.authorizations![0].id;
    expect(await failure(client.captureAuthorization(otherAuthorisationId, requestId('capture')))).toMatchObject({ kind: 'declined' });
    expect((await client.getOrder(orderId)).status).toBe('COMPLETED');
  });

  it('refuses an unknown failure over HTTP', async () => {
    const told = await fetch(`${fake.url}/fake/failures`, { method: 'POST', body: JSON.stringify({ operation: 'authorize', mode: 'sulking' }) });
    expect(told.status).toBe(400);
  });
});

describe('the JS SDK and the browser', () => {
  it('serves the SDK script, or 503 when told the script is unreachable', async () => {
    const served = await fetch(`${fake.url}/sdk/js?client-id=${LOCAL_PAYPAL_CLIENT_ID}&currency=GBP&intent=authorize`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await served.text()).toBe(payPalSdkScript());
    fake.control.failNext('sdk', 'unreachable');
    expect((await fetch(`${fake.url}/sdk/js`)).status).toBe(503);
  });

  it('lets a page on another origin create an order with the client id, as the SDK does, and approve it', async () => {
    const preflight = await fetch(`${fake.url}/v2/checkout/orders`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8181', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');

    const created = await fetch(`${fake.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:8181', authorization: `Bearer ${LOCAL_PAYPAL_CLIENT_ID}`, 'content-type': 'application/json' },
      body: JSON.stringify(orderRequest),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
    const { id } = await created.json();
    expect((await approve(id)).status).toBe(200);
    expect((await client.getOrder(id)).status).toBe('APPROVED');
  });

  it('refuses to create an order without a token or the client id', async () => {
    const created = await fetch(`${fake.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: 'Bearer someone-else', 'content-type': 'application/json' },
      body: JSON.stringify(orderRequest),
    });
    expect(created.status).toBe(401);
  });
});
