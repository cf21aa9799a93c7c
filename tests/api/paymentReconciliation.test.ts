import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_RELEASED_MESSAGE } from '../../src/server/domain/confirmation';
import { fakeOperations, startPayPalFake, type PayPalFake, type PayPalFakeState } from '../../src/server/local/payPal/payPalFake';
import { readyOrderUpdate, startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';
import { authorisedAtPayPal, linkedPayment, queryDatabase } from './payPalSupport';

// docs/payments.md "Reconciliation": a payment left linked or authorising is settled by the customer's own retry
// during the grace period, and afterwards looked up at PayPal and released or failed, against the real server and
// the loopback PayPal fake.

const GRACE_MS = 15 * 60_000;
/** Long enough for a test to act while the server waits for PayPal, well within the PayPal client's time limit. */
const HELD_ANSWER_MS = 1_500;

let ordering: OrderingServer;
let payPal: PayPalFake;

beforeAll(async () => {
  payPal = await startPayPalFake({ timeoutHoldMs: HELD_ANSWER_MS });
  ordering = await startOrderingServer({ payPalFakeUrl: payPal.url });
});
afterAll(async () => {
  await ordering?.close();
  await payPal?.close();
});
// The fake is not reset between tests, so that the server's PayPal token stays valid and each failure injected
// meets the call it is meant for: each test reads its own basket's PayPal objects and what PayPal did since it began.
let performedBefore: PayPalFakeState['performed'];
beforeEach(() => {
  performedBefore = payPal.control.orders().performed;
  ordering.now = tuesdayEvening;
});

interface PaymentRow {
  state: string;
  authorization_id: string | null;
  amount_pence: number | null;
}

const paymentRow = (basketId: string) => queryDatabase<PaymentRow>(ordering, 'select * from payments where basket_id = ?', basketId)[0];
const orderRefOf = (basketId: string) =>
  queryDatabase<{ order_ref: string | null }>(ordering, 'select order_ref from baskets where basket_id = ?', basketId)[0].order_ref;
const serverLogs = (basketId: string) =>
  queryDatabase<{ message: string; details: string }>(
    ordering,
    "select message, details from payment_error_logs where basket_id = ? and reported_by = 'server' order by id",
    basketId,
  );
/** How many times each PayPal operation really happened since the test began. */
function performed(): PayPalFakeState['performed'] {
  const now = payPal.control.orders().performed;
  return Object.fromEntries(fakeOperations.map((operation) => [operation, now[operation] - performedBefore[operation]])) as PayPalFakeState['performed'];
}
const authorisationsOf = (basketId: string) => payPal.control.orders().authorizations.filter((authorisation) => authorisation.custom_id === basketId);
const later = (milliseconds: number) => new Date(tuesdayEvening.getTime() + milliseconds);
const authoriseCapture = (basketId: string, payPalOrderId: string) =>
  ordering.post('/payment/authorise-capture', { orderBuilderId: basketId, payPalOrderId });

/** A payment left `authorising` now by a server that died after PayPal authorised it. */
async function leftAuthorisedAtPayPal(): Promise<{ basketId: string; payPalOrderId: string }> {
  const payment = await linkedPayment(ordering, payPal.url);
  ordering.execute("update payments set state = 'authorising', updated_at = ? where basket_id = ?", ordering.now.toISOString(), payment.basketId);
  await authorisedAtPayPal(payPal.url, payment.basketId, payment.payPalOrderId);
  return payment;
}

async function voided(basketId: string): Promise<void> {
  await vi.waitFor(() => expect(paymentRow(basketId).state).toBe('voided'), { timeout: 10_000, interval: 50 });
}

describe('within the grace period', () => {
  it("the customer's retry places the order with the authorisation PayPal already holds", async () => {
    const { basketId, payPalOrderId } = await leftAuthorisedAtPayPal();
    ordering.now = later(60_000);
    const placed = await authoriseCapture(basketId, payPalOrderId);
    expect(placed.status).toBe(200);
    expect(orderRefOf(basketId)).toBe(placed.body.data.orderRef);
    expect(paymentRow(basketId)).toMatchObject({ state: 'authorised', authorization_id: authorisationsOf(basketId)[0].id });
    expect(performed()).toMatchObject({ authorize: 1, void: 0 });
  });

  it('reconciliation leaves a payment alone', async () => {
    const { basketId } = await leftAuthorisedAtPayPal();
    ordering.now = later(GRACE_MS - 60_000);
    await ordering.server.reconcilePayments();
    expect(paymentRow(basketId).state).toBe('authorising');
    expect(authorisationsOf(basketId)).toEqual([expect.objectContaining({ status: 'CREATED' })]);
    expect(performed().void).toBe(0);
    expect(serverLogs(basketId)).toEqual([]);

    ordering.now = later(GRACE_MS);
    await ordering.server.reconcilePayments();
    await voided(basketId);
  });
});

describe('after the grace period, reconciliation', () => {
  it('fails a payment approved at PayPal but never authorised, and changes nothing at PayPal', async () => {
    const { basketId, payPalOrderId } = await linkedPayment(ordering, payPal.url);
    ordering.now = later(GRACE_MS);
    await ordering.server.reconcilePayments();

    expect(paymentRow(basketId)).toMatchObject({ state: 'failed', authorization_id: null });
    expect(payPal.control.orders().orders.find((order) => order.id === payPalOrderId)).toMatchObject({ status: 'APPROVED' });
    expect(performed()).toMatchObject({ authorize: 0, void: 0 });
    const found = `PayPal order ${payPalOrderId} is APPROVED with no authorisation`;
    expect(serverLogs(basketId)).toEqual([expect.objectContaining({ details: expect.stringContaining(found) })]);
    expect(orderRefOf(basketId)).toBeNull();
  });

  it('fails a payment whose PayPal order PayPal does not know', async () => {
    const { basketId } = await linkedPayment(ordering, payPal.url);
    const payPalOrderId = 'NOSUCHPAYPALORDER';
    const link = { orderBuilderId: basketId, payPalId: payPalOrderId, paymentSource: 'paypal' };
    expect((await ordering.post('/payment/createPayPalOrderLink', link)).status).toBe(200);
    ordering.now = later(GRACE_MS);
    await ordering.server.reconcilePayments();
    expect(paymentRow(basketId).state).toBe('failed');
    expect(serverLogs(basketId)).toEqual([expect.objectContaining({ details: expect.stringContaining(`PayPal has no order ${payPalOrderId}`) })]);
  });

  it('releases an authorisation PayPal holds for a basket never confirmed with it, once, and a late retry places nothing', async () => {
    const { basketId, payPalOrderId } = await leftAuthorisedAtPayPal();
    ordering.now = later(GRACE_MS);
    await Promise.all([ordering.server.reconcilePayments(), ordering.server.reconcilePayments()]);
    await voided(basketId);
    await ordering.server.reconcilePayments();

    const [authorisation] = authorisationsOf(basketId);
    expect(authorisation.status).toBe('VOIDED');
    expect(paymentRow(basketId)).toMatchObject({ authorization_id: authorisation.id, amount_pence: 1400 });
    expect(performed()).toMatchObject({ authorize: 1, void: 1 });
    expect(serverLogs(basketId)).toEqual([expect.objectContaining({ details: expect.stringContaining(`holds authorisation ${authorisation.id} (CREATED`) })]);

    expect(await authoriseCapture(basketId, payPalOrderId)).toEqual({ status: 400, body: expect.objectContaining({ errorMessage: PAYMENT_RELEASED_MESSAGE }) });
    expect(orderRefOf(basketId)).toBeNull();
    expect(performed()).toMatchObject({ authorize: 1, void: 1 });
  });

  it('releases an authorisation held for a basket placed meanwhile in cash', async () => {
    const { basketId } = await leftAuthorisedAtPayPal();
    expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 1 }))).status).toBe(200);
    expect((await ordering.post('/orderbuilder/confirm', { basketId })).status).toBe(200);
    ordering.now = later(GRACE_MS);
    await ordering.server.reconcilePayments();
    await voided(basketId);
    expect(orderRefOf(basketId)).not.toBeNull();
    expect(performed().void).toBe(1);
  });

  it('leaves a payment when PayPal fails to answer, and settles it on a later pass', async () => {
    const { basketId } = await leftAuthorisedAtPayPal();
    ordering.now = later(GRACE_MS);
    payPal.control.failNext('get', 'server-error');
    await ordering.server.reconcilePayments();
    expect(paymentRow(basketId).state).toBe('authorising');
    expect(serverLogs(basketId)).toEqual([]);

    await ordering.server.reconcilePayments();
    await voided(basketId);
    expect(performed().void).toBe(1);
  });

  it("wins against the customer's retry under way, whose confirmation is then refused and places nothing", async () => {
    const { basketId, payPalOrderId } = await leftAuthorisedAtPayPal();
    // The retry's look-up at PayPal is answered late; the void is refused once, so the authorisation the retry
    // brings back is still CREATED when it reaches the confirming transaction.
    payPal.control.failNext('get', 'timeout');
    payPal.control.failNext('void', 'server-error');
    const retry = authoriseCapture(basketId, payPalOrderId);
    await vi.waitFor(() => expect(performed().get).toBe(1), { timeout: 5_000, interval: 20 });
    expect(paymentRow(basketId).state).toBe('authorising');

    ordering.now = later(GRACE_MS);
    await ordering.server.reconcilePayments();
    expect(paymentRow(basketId).state).toBe('void_due');

    expect(await retry).toEqual({ status: 400, body: expect.objectContaining({ errorMessage: PAYMENT_RELEASED_MESSAGE }) });
    expect(orderRefOf(basketId)).toBeNull();
    expect(paymentRow(basketId).state).toBe('void_due');

    // The void PayPal refused is sent again once due.
    ordering.now = later(GRACE_MS + 5_000);
    await voided(basketId);
    expect(performed()).toMatchObject({ authorize: 1, void: 1 });
  });
});
