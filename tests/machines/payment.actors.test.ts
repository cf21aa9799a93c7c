import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { paymentMachine, shownErrorMode } from '../../machines/payment/paymentMachine';
import { paymentActors } from '../../src/actors/payment';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { PaymentErrorMode } from '../../src/domain/paymentErrors';
import { LOCAL_PAYPAL_CLIENT_ID, type PayPalFakeControl } from '../../src/server/local/payPal/payPalFake';
import { readyOrderUpdate, startOrderingServer, type OrderingServer } from '../api/orderingServer';

// The payment statechart with its real actors: the API client over HTTP to the real server, which calls the loopback
// PayPal fake it started; PayPal's buttons and window are played through the fake's own endpoints.

let ordering: OrderingServer;
let fake: PayPalFakeControl;
let fakeUrl: string;
let api: ApiClient;
const cashRequests: string[] = [];

beforeAll(async () => {
  ordering = await startOrderingServer();
  fake = ordering.server.payPalFakeControl!;
  fakeUrl = ordering.server.payPalFakeUrl!;
  api = createApiClient({
    baseUrl: `${ordering.server.url}/api`,
    applicationKey: 'takeaway-web',
    siteKey: 'demo-site',
    identity: { currentIdToken: () => undefined, fetchIdTokenWithoutCache: async () => undefined, isSignedIn: () => false },
  });
});
afterAll(() => ordering?.close());
beforeEach(() => fake.reset());

function query<Row>(sqlText: string, ...parameters: unknown[]): Row[] {
  const sqlite = new SqliteDatabase(ordering.sqliteFile, { readonly: true });
  try {
    return sqlite.prepare(sqlText).all(...parameters) as Row[];
  } finally {
    sqlite.close();
  }
}

async function onlineBasket(): Promise<{ basketId: string; total: string }> {
  const basketId = await ordering.newBasket();
  const updated = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 2 }));
  expect(updated.status).toBe(200);
  return { basketId, total: (updated.body.data.order.totalCost as number).toFixed(2) };
}

async function payPalFake(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fakeUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { id: string };
}

/** The payment statechart up to PayPal's approval of an order for `total`, as the payment screen drives it. */
async function approvedThroughPayPal(accountStatus: 'VERIFIED' | 'UNVERIFIED') {
  const { basketId, total } = await onlineBasket();
  const payment = createActor(paymentMachine.provide({ actors: paymentActors({ api, payInCash: async (id) => cashRequests.push(id) }) }), { input: {} });
  payment.start();
  payment.send({ type: 'START', basketId });
  payment.send({ type: 'SCRIPT_STATUS', status: 'resolved' });
  payment.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
  const order = { intent: 'AUTHORIZE', purchase_units: [{ reference_id: basketId, custom_id: basketId, amount: { currency_code: 'GBP', value: total } }] };
  const { id } = await payPalFake('/v2/checkout/orders', order, { authorization: `Bearer ${LOCAL_PAYPAL_CLIENT_ID}` });
  payment.send({ type: 'ORDER_CREATED', payPalOrderId: id });
  await payPalFake(`/fake/orders/${id}/approve`, { paymentSource: 'paypal', accountStatus });
  payment.send({ type: 'APPROVED', payPalOrderId: id, paymentSource: 'paypal' });
  return { payment, basketId };
}

describe('the payment statechart with the real payment calls', () => {
  it('links the approved PayPal order, authorises it and holds the confirmed order\'s reference', async () => {
    const { payment, basketId } = await approvedThroughPayPal('VERIFIED');
    const paid = await waitFor(payment, (snapshot) => snapshot.hasTag('paid'), { timeout: 10_000 });
    expect(paid.context.orderRef).toEqual(expect.any(String));
    expect(query('SELECT state FROM payments WHERE basket_id = ?', basketId)).toEqual([{ state: 'authorised' }]);
    expect(cashRequests).not.toContain(basketId);
  });

  it('shows the unverified account\'s mode once the server refused it, logged through LogError', async () => {
    const { payment, basketId } = await approvedThroughPayPal('UNVERIFIED');
    const issue = await waitFor(payment, (snapshot) => snapshot.hasTag('issue'), { timeout: 10_000 });
    expect(shownErrorMode(issue)).toBe(PaymentErrorMode.UnconfirmedPayPalAccount);
    expect(query("SELECT error_mode FROM payment_error_logs WHERE basket_id = ? AND reported_by = 'browser'", basketId)).toEqual([
      { error_mode: PaymentErrorMode.UnconfirmedPayPalAccount },
    ]);
    payment.send({ type: 'PAY_CASH_INSTEAD' });
    await waitFor(payment, (snapshot) => snapshot.hasTag('cashChosen'), { timeout: 10_000 });
    expect(cashRequests).toContain(basketId);
  });
});
