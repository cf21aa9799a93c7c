import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CARDS } from '../../src/server/local/payPal/fakeCards';
import type { PayPalFakeControl } from '../../src/server/local/payPal/payPalFake';
import { identification, publicIdPattern, readyOrderUpdate, startOrderingServer, type OrderingServer } from './orderingServer';
import { approvedPayPalOrder, queryDatabase, type Approval } from './payPalSupport';

// SPEC §7's payment calls against the real server and the loopback PayPal fake it starts (docs/payments.md): the
// browser's part (creating the PayPal order, the payer's approval) is played here through the fake's own endpoints.

const declinedMessage = 'Your card was declined. Try another card, PayPal, or pay with cash';
const amountChangedMessage = 'The amount to pay has changed. Please check your order and try again.';
const cardNotVerifiedMessage = 'Your card could not be verified. Please try another card or pay with PayPal.';
const payPalUnavailableMessage = 'PayPal could not be reached to take the payment. Please try again.';

let ordering: OrderingServer;
let fake: PayPalFakeControl;
let fakeUrl: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  fake = ordering.server.payPalFakeControl!;
  fakeUrl = ordering.server.payPalFakeUrl!;
});
afterAll(() => ordering?.close());
beforeEach(() => fake.reset());

const byCard = (number: string): Approval => ({ paymentSource: 'card', card: { number, expiry: '12/30', securityCode: '123' } });

/** A basket ready to confirm, to be paid online; its total as the server priced it, "14.00". */
async function onlineBasket(token?: string): Promise<{ basketId: string; total: string }> {
  const basketId = await ordering.newBasket();
  const updated = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 2 }), token);
  expect(updated.status).toBe(200);
  expect(updated.body.data.order.paymentType).toBe(2);
  return { basketId, total: (updated.body.data.order.totalCost as number).toFixed(2) };
}

/** A basket paid online whose PayPal order (of the basket's total unless `value` says otherwise) is approved and linked. */
async function linkedPayment(options: { approval?: Approval; value?: string; token?: string; claimedSource?: string } = {}) {
  const { basketId, total } = await onlineBasket(options.token);
  const payPalOrderId = await approvedPayPalOrder(fakeUrl, basketId, options.value ?? total, options.approval);
  const paymentSource = options.claimedSource ?? options.approval?.paymentSource ?? 'paypal';
  const linked = await ordering.post('/payment/createPayPalOrderLink', { orderBuilderId: basketId, payPalId: payPalOrderId, paymentSource });
  expect(linked).toEqual({ status: 200, body: { data: { orderBuilderId: basketId, payPalId: payPalOrderId } } });
  return { basketId, total, payPalOrderId };
}

const authoriseCapture = (basketId: string, payPalOrderId: string, token?: string) =>
  ordering.post('/payment/authorise-capture', { orderBuilderId: basketId, payPalOrderId }, token);

const query = <Row>(sqlText: string, ...parameters: unknown[]) => queryDatabase<Row>(ordering, sqlText, ...parameters);
const basketRow = (basketId: string) =>
  query<{ order_ref: string | null; payment_type: number; status: number }>('select order_ref, payment_type, status from baskets where basket_id = ?', basketId)[0];
const paymentRow = (basketId: string) =>
  query<{ state: string; authorization_id: string | null; amount_pence: number | null; payment_source: string }>('select * from payments where basket_id = ?', basketId)[0];
const serverLogs = (basketId: string) =>
  query<{ error_mode: string; message: string; details: string }>("select * from payment_error_logs where basket_id = ? and reported_by = 'server'", basketId);
const authorisationsAtPayPal = (payPalOrderId: string) =>
  fake.orders().orders.find((order) => order.id === payPalOrderId)?.purchase_units[0].payments?.authorizations ?? [];

describe('paying with PayPal', () => {
  it('links the PayPal order, authorises it and places the order paid online, with the money held at PayPal', async () => {
    const { basketId, payPalOrderId } = await linkedPayment();
    expect(paymentRow(basketId)).toMatchObject({ state: 'linked', payment_source: 'paypal' });

    const { status, body } = await authoriseCapture(basketId, payPalOrderId);
    expect(status).toBe(200);
    expect(body.data.orderRef).toMatch(publicIdPattern);
    expect(basketRow(basketId)).toEqual({ order_ref: body.data.orderRef, payment_type: 2, status: 7 });

    const [authorisation] = authorisationsAtPayPal(payPalOrderId);
    expect(authorisation).toMatchObject({ status: 'CREATED', amount: { currency_code: 'GBP', value: '14.00' } });
    expect(paymentRow(basketId)).toMatchObject({ state: 'authorised', authorization_id: authorisation.id, amount_pence: 1400 });
    expect(fake.orders().performed.authorize).toBe(1);

    // The order is tracked like any other.
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
  });

  it('makes one authorisation and one order of 20 concurrent calls, and answers a repeat with the same order', async () => {
    const { basketId, payPalOrderId } = await linkedPayment();
    const answers = await Promise.all(Array.from({ length: 20 }, () => authoriseCapture(basketId, payPalOrderId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const orderRefs = new Set(answers.map((answer) => answer.body.data.orderRef));
    expect(orderRefs.size).toBe(1);
    expect(fake.orders().performed.authorize).toBe(1);
    expect(authorisationsAtPayPal(payPalOrderId)).toHaveLength(1);

    expect((await authoriseCapture(basketId, payPalOrderId)).body).toEqual({ data: { orderRef: [...orderRefs][0], orderNumber: expect.any(Number) } });
    expect(fake.orders().performed.authorize).toBe(1);
    expect(paymentRow(basketId).state).toBe('authorised');
  });

  it("places a signed-in customer's order for them, and refuses it to a caller without their token before asking PayPal", async () => {
    const customer = await ordering.newCustomer();
    const { basketId, payPalOrderId } = await linkedPayment({ token: customer.idToken });

    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({
      status: 400,
      body: { errorMessage: 'Sign in to confirm this order', validationErrors: [] },
    });
    expect(fake.orders().performed.authorize).toBe(0);
    expect(paymentRow(basketId).state).toBe('linked');

    const placed = await authoriseCapture(basketId, payPalOrderId, customer.idToken);
    expect(placed.status).toBe(200);
    expect(query<{ account_sub: string }>('select account_sub from baskets where order_ref = ?', placed.body.data.orderRef)).toEqual([{ account_sub: customer.sub }]);
  });

  it('pays by card when 3-D Secure passed', async () => {
    const { basketId, payPalOrderId } = await linkedPayment({ approval: byCard(FAKE_CARDS.approved) });
    expect((await authoriseCapture(basketId, payPalOrderId)).status).toBe(200);
    expect(paymentRow(basketId)).toMatchObject({ state: 'authorised', payment_source: 'card' });
  });

  it("records how the customer paid as PayPal's order says, not as the browser claimed (the takings split card and PayPal by it)", async () => {
    const byAccount = await linkedPayment({ claimedSource: 'card' });
    expect((await authoriseCapture(byAccount.basketId, byAccount.payPalOrderId)).status).toBe(200);
    expect(paymentRow(byAccount.basketId)).toMatchObject({ state: 'authorised', payment_source: 'paypal' });
    const withCard = await linkedPayment({ approval: byCard(FAKE_CARDS.approved), claimedSource: 'paypal' });
    expect((await authoriseCapture(withCard.basketId, withCard.payPalOrderId)).status).toBe(200);
    expect(paymentRow(withCard.basketId)).toMatchObject({ state: 'authorised', payment_source: 'card' });
  });
});

describe('what is refused, with nothing placed', () => {
  it('refuses an amount that differs from the basket\'s total, authorises nothing, and logs it', async () => {
    const { basketId, payPalOrderId } = await linkedPayment({ value: '13.99' });
    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({ status: 400, body: { errorMessage: amountChangedMessage, validationErrors: [] } });
    expect(authorisationsAtPayPal(payPalOrderId)).toEqual([]);
    expect(basketRow(basketId).order_ref).toBeNull();
    expect(paymentRow(basketId).state).toBe('failed');
    expect(serverLogs(basketId)).toEqual([
      expect.objectContaining({
        error_mode: 'AuthorisationAndCaptureError',
        message: amountChangedMessage,
        details: "PayPal's amount is GBP 13.99; the order's total is 1400 pence",
      }),
    ]);
  });

  it('refuses an unverified PayPal account with SPEC\'s words and authorises nothing', async () => {
    const { basketId, payPalOrderId } = await linkedPayment({ approval: { paymentSource: 'paypal', accountStatus: 'UNVERIFIED' } });
    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({ status: 400, body: { errorMessage: 'PayPay User Unverified', validationErrors: [] } });
    expect(fake.orders().performed.authorize).toBe(0);
    expect(basketRow(basketId).order_ref).toBeNull();
    expect(serverLogs(basketId).map((log) => log.error_mode)).toEqual(['UnconfirmedPayPalAccount']);
  });

  it('refuses a declined card: the order is COMPLETED at PayPal but its authorisation DENIED', async () => {
    const { basketId, payPalOrderId } = await linkedPayment({ approval: byCard(FAKE_CARDS.declined) });
    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({ status: 400, body: { errorMessage: declinedMessage, validationErrors: [] } });
    expect(authorisationsAtPayPal(payPalOrderId).map((authorisation) => authorisation.status)).toEqual(['DENIED']);
    expect(basketRow(basketId).order_ref).toBeNull();
    expect(paymentRow(basketId).state).toBe('failed');
  });

  it('refuses a card whose 3-D Secure check failed (liability shift NO) and authorises nothing', async () => {
    const { basketId, payPalOrderId } = await linkedPayment({ approval: byCard(FAKE_CARDS.secureCustomerAuthenticationFailed) });
    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({ status: 400, body: { errorMessage: cardNotVerifiedMessage, validationErrors: [] } });
    expect(fake.orders().performed.authorize).toBe(0);
    expect(basketRow(basketId).order_ref).toBeNull();
  });

  it('refuses a PayPal order that is not the one linked, and a basket with no PayPal order linked', async () => {
    const { basketId } = await linkedPayment();
    const other = await approvedPayPalOrder(fakeUrl, basketId, '14.00');
    const notLinked = { status: 400, body: { errorMessage: 'This PayPal payment is not the one waiting for your order. Please pay again.', validationErrors: [] } };
    expect(await authoriseCapture(basketId, other)).toEqual(notLinked);
    expect(await authoriseCapture((await onlineBasket()).basketId, other)).toEqual(notLinked);
    expect(fake.orders().performed.authorize).toBe(0);
  });

  it.each([
    ['looking the order up', 'get'],
    ['authorising', 'authorize'],
  ] as const)('answers a PayPal server error while %s as an external issue, and a try after it places the order', async (_step, operation) => {
    const { basketId, payPalOrderId } = await linkedPayment();
    fake.failNext(operation, 'server-error');
    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({ status: 400, body: { errorMessage: payPalUnavailableMessage, validationErrors: [] } });
    expect(basketRow(basketId).order_ref).toBeNull();
    expect(paymentRow(basketId).state).toBe('linked');

    expect((await authoriseCapture(basketId, payPalOrderId)).status).toBe(200);
    expect(fake.orders().performed.authorize).toBe(1);
  });

  it('answers PayPal not answering in time as an external issue; the next try finds the authorisation PayPal made and holds it once', async () => {
    const { basketId, payPalOrderId } = await linkedPayment();
    fake.failNext('authorize', 'timeout');
    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({ status: 400, body: { errorMessage: payPalUnavailableMessage, validationErrors: [] } });
    expect(basketRow(basketId).order_ref).toBeNull();

    const placed = await authoriseCapture(basketId, payPalOrderId);
    expect(placed.status).toBe(200);
    expect(authorisationsAtPayPal(payPalOrderId)).toHaveLength(1);
    expect(paymentRow(basketId)).toMatchObject({ state: 'authorised', authorization_id: authorisationsAtPayPal(payPalOrderId)[0].id });
  }, 30_000);

  it('refuses to place an order to be paid online without its payment, signed in or not', async () => {
    const { basketId } = await onlineBasket();
    const payOnlineFirst = { status: 400, body: { errorMessage: 'Pay for this order online before placing it', validationErrors: [] } };
    expect(await ordering.post('/orderbuilder/confirm', { basketId })).toEqual(payOnlineFirst);

    const customer = await ordering.newCustomer();
    const customersBasket = await onlineBasket(customer.idToken);
    expect(await ordering.post('/orderbuilder/confirmAuth', { basketId: customersBasket.basketId }, customer.idToken)).toEqual(payOnlineFirst);
    expect(basketRow(basketId).order_ref).toBeNull();
  });
});

describe('linking a PayPal order', () => {
  const link = (basketId: string, payPalId = 'PAYPALORDER0000001') =>
    ordering.post('/payment/createPayPalOrderLink', { orderBuilderId: basketId, payPalId, paymentSource: 'paypal' });
  const refused = (errorMessage: string) => ({ status: 400, body: { errorMessage, validationErrors: [] } });

  it('refuses an unknown basket, a cash basket and a placed order', async () => {
    expect(await link('AAAAAAAAAAAAAAAAAAAAAA')).toEqual(refused('This basket does not exist'));
    expect(await link(await ordering.newBasket())).toEqual(refused('Choose to pay online before paying with PayPal'));
    const { basketId } = await ordering.confirmedOrder();
    expect(await link(basketId)).toEqual(refused('This order has already been confirmed and can no longer be changed'));
  });

  it("refuses another basket's PayPal order, and replaces a link only while nothing is held under it", async () => {
    const { basketId, payPalOrderId } = await linkedPayment();
    const other = await onlineBasket();
    expect(await link(other.basketId, payPalOrderId)).toEqual(refused('This PayPal payment belongs to another order'));

    expect((await link(basketId, 'PAYPALORDER0000002')).status).toBe(200);
    expect((await link(basketId, payPalOrderId)).status).toBe(200);
    expect((await authoriseCapture(basketId, payPalOrderId)).status).toBe(200);
    expect(await link(basketId, 'PAYPALORDER0000003')).toEqual(refused('This order has already been confirmed and can no longer be changed'));
  });
});

describe('LogError', () => {
  it('stores what the browser reports, with or without a basket', async () => {
    const { basketId } = await onlineBasket();
    expect(await ordering.post('/payment/LogError', { errorMode: 'ScriptFailedToLoad', message: 'Failed to load the PayPal JS SDK script' })).toEqual({
      status: 200,
      body: { data: { logged: true } },
    });
    expect(
      (await ordering.post('/payment/LogError', { orderBuilderId: basketId, errorMode: 'IssueCreatingPayPalBasketApi', message: 'createOrder failed', details: 'HTTP 500' })).status,
    ).toBe(200);
    const rows = query<Record<string, unknown>>("select basket_id, reported_by, error_mode, message, details from payment_error_logs where reported_by = 'browser' order by id");
    expect(rows.slice(-2)).toEqual([
      { basket_id: null, reported_by: 'browser', error_mode: 'ScriptFailedToLoad', message: 'Failed to load the PayPal JS SDK script', details: null },
      { basket_id: basketId, reported_by: 'browser', error_mode: 'IssueCreatingPayPalBasketApi', message: 'createOrder failed', details: 'HTTP 500' },
    ]);
  });
});

describe('bad callers and bad bodies', () => {
  const operations = [
    ['/payment/createPayPalOrderLink', { orderBuilderId: 'AAAAAAAAAAAAAAAAAAAAAA', payPalId: 'PAYPALORDER0000001', paymentSource: 'paypal' }],
    ['/payment/authorise-capture', { orderBuilderId: 'AAAAAAAAAAAAAAAAAAAAAA', payPalOrderId: 'PAYPALORDER0000001' }],
    ['/payment/LogError', { errorMode: 'NotSet', message: 'Something' }],
  ] as const;

  it.each(operations)('%s answers 401 without the identification headers, before reading the body', async (path, body) => {
    const response = await fetch(`${ordering.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errorMessage: 'The x-application-key and x-site-key headers are required', validationErrors: [] });
  });

  it.each(operations)('%s answers 400 in the SPEC §8 shape naming each bad field', async (path, body) => {
    const missing = Object.keys(body)[0];
    const { [missing]: _dropped, ...withoutFirst } = body as Record<string, unknown>;
    expect(await ordering.post(path, { ...withoutFirst, extra: 1 })).toEqual({
      status: 400,
      body: {
        errorMessage: null,
        validationErrors: expect.arrayContaining([
          { field: missing, message: 'is required' },
          { field: 'extra', message: 'is not allowed' },
        ]),
      },
    });
  });

  it.each([
    ['/payment/createPayPalOrderLink', { orderBuilderId: 'not a basket id!', payPalId: 'x'.repeat(65), paymentSource: 'Pay Pal' }, ['orderBuilderId', 'payPalId', 'paymentSource']],
    ['/payment/authorise-capture', { orderBuilderId: 7, payPalOrderId: '' }, ['orderBuilderId', 'payPalOrderId']],
    ['/payment/LogError', { errorMode: 'SomethingElse', message: '', details: 'd'.repeat(4001) }, ['errorMode', 'message', 'details']],
  ])('%s names every invalid field', async (path, body, fields) => {
    const { status, body: answer } = await ordering.post(path, body);
    expect(status).toBe(400);
    expect(answer.errorMessage).toBeNull();
    expect([...new Set(answer.validationErrors.map((failure: { field: string }) => failure.field))].sort()).toEqual([...fields].sort());
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${ordering.server.url}/api/payment/authorise-capture`, {
      method: 'POST',
      headers: { ...identification, 'content-type': 'application/json' },
      body: '{"orderBuilderId":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errorMessage: null, validationErrors: [{ field: 'body', message: 'must be valid JSON' }] });
  });
});
