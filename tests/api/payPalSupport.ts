import SqliteDatabase from 'better-sqlite3';
import { expect } from 'vitest';
import { CARD_VERIFICATION } from '../../src/domain/payPalOrder';
import { authorizeRequestId } from '../../src/server/payments/authorisation';
import { LOCAL_PAYPAL_CLIENT_ID, LOCAL_PAYPAL_CLIENT_SECRET } from '../../src/server/local/payPal/payPalFake';
import { createPayPalClient } from '../../src/server/payments/payPalClient';
import { readyOrderUpdate, type OrderingServer, type PlacedOrder } from './orderingServer';

// What the browser and the payer do through PayPal's script, played against the loopback PayPal fake, and a look into
// the server's SQLite file: shared by the payment calls' tests and the money flow's.

export type Approval =
  | { paymentSource: 'paypal'; accountStatus?: 'VERIFIED' | 'UNVERIFIED' }
  | { paymentSource: 'card'; card: { number: string; expiry: string; securityCode: string } };

/**
 * Creates the PayPal order for `value` (GBP, "14.00") as the browser does (a card's with 3-D Secure when required),
 * and the payer approves it: its id.
 */
export async function approvedPayPalOrder(
  fakeUrl: string,
  basketId: string,
  value: string,
  approval: Approval = { paymentSource: 'paypal' },
): Promise<string> {
  const created = await fetch(`${fakeUrl}/v2/checkout/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_PAYPAL_CLIENT_ID}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      intent: 'AUTHORIZE',
      purchase_units: [{ reference_id: basketId, custom_id: basketId, amount: { currency_code: 'GBP', value } }],
      ...(approval.paymentSource === 'card' ? { payment_source: { card: { attributes: { verification: CARD_VERIFICATION } } } } : {}),
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const approved = await fetch(`${fakeUrl}/fake/orders/${id}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(approval),
  });
  expect(approved.status).toBe(200);
  return id;
}

/**
 * A basket ready to confirm and paid online, its PayPal order approved by the payer and linked to it, as the browser
 * leaves it before asking authorise-capture.
 */
export async function linkedPayment(
  server: Pick<OrderingServer, 'newBasket' | 'post'>,
  fakeUrl: string,
  approval: Approval = { paymentSource: 'paypal' },
): Promise<{ basketId: string; payPalOrderId: string }> {
  const basketId = await server.newBasket();
  const updated = await server.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 2 }));
  expect(updated.status).toBe(200);
  const payPalOrderId = await approvedPayPalOrder(fakeUrl, basketId, (updated.body.data.order.totalCost as number).toFixed(2), approval);
  const link = { orderBuilderId: basketId, payPalId: payPalOrderId, paymentSource: approval.paymentSource };
  expect((await server.post('/payment/createPayPalOrderLink', link)).status).toBe(200);
  return { basketId, payPalOrderId };
}

/** A basket paid online, placed by authorise-capture, and its acceptance requested, as the browser and the payer do it. */
export async function paidOrder(
  server: Pick<OrderingServer, 'newBasket' | 'post' | 'server'>,
  approval: Approval = { paymentSource: 'paypal' },
  fakeUrl = server.server.payPalFakeUrl!,
): Promise<PlacedOrder> {
  const { basketId, payPalOrderId } = await linkedPayment(server, fakeUrl, approval);
  const placed = await server.post('/payment/authorise-capture', { orderBuilderId: basketId, payPalOrderId });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect((await server.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
  return { basketId, orderRef: placed.body.data.orderRef, orderNumber: placed.body.data.orderNumber };
}

/** What a server that died before writing PayPal's answer leaves at PayPal: the order authorised, under its request id. */
export async function authorisedAtPayPal(fakeUrl: string, basketId: string, payPalOrderId: string): Promise<void> {
  const payPal = createPayPalClient({ baseUrl: fakeUrl, clientId: LOCAL_PAYPAL_CLIENT_ID, clientSecret: LOCAL_PAYPAL_CLIENT_SECRET });
  const order = await payPal.authorizeOrder(payPalOrderId, authorizeRequestId(basketId, payPalOrderId));
  expect(order.purchase_units[0].payments?.authorizations).toEqual([expect.objectContaining({ status: 'CREATED' })]);
}

/** Rows of the server's SQLite database, read through a connection of its own. */
export function queryDatabase<Row>(server: Pick<OrderingServer, 'sqliteFile'>, sqlText: string, ...parameters: unknown[]): Row[] {
  const sqlite = new SqliteDatabase(server.sqliteFile, { readonly: true });
  try {
    return sqlite.prepare(sqlText).all(...parameters) as Row[];
  } finally {
    sqlite.close();
  }
}
