import SqliteDatabase from 'better-sqlite3';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leedsAddress, startOrderingServer, tuesdayEvening, type OrderingServer, type PlacedOrder } from './orderingServer';

// The kitchen dashboard's calls over real HTTP: who may make them, and the rules they keep
// (docs/acceptance-and-kitchen.md).

let ordering: OrderingServer;
let staffToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  staffToken = await ordering.staffToken();
});
afterAll(() => ordering?.close());
beforeEach(() => {
  ordering.now = tuesdayEvening;
});

/** `token` null sends no token at all. */
const kitchen = (orderRef: string, action: string, body: unknown = {}, token: string | null = staffToken) =>
  ordering.post(`/kitchen/orders/${orderRef}/${action}`, body, token ?? undefined);
const setStatus = (orderRef: string, kitchenStatus: number) => kitchen(orderRef, 'status', { kitchenStatus });
const refusal = (errorMessage: string) => ({ status: 400, body: { errorMessage, validationErrors: [] } });

async function acceptedOrder(changes: Record<string, unknown> = {}): Promise<PlacedOrder> {
  const order = await ordering.requestedOrder(changes);
  expect((await kitchen(order.orderRef, 'accept')).status).toBe(200);
  return order;
}

describe('who may make the kitchen calls', () => {
  let forgedToken: string;
  let customerToken: string;

  beforeAll(async () => {
    const staffClaims = decodeJwt(staffToken);
    const { privateKey } = await generateKeyPair('RS256');
    forgedToken = await new SignJWT({ ...staffClaims })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    customerToken = await ordering.customerToken();
    expect(decodeJwt(customerToken)['cognito:groups']).toBeUndefined();
  });

  const everyCall = (requested: string, accepted: string, token: string | null) => [
    ordering.call('/kitchen/orders', { token: token ?? undefined }),
    kitchen(requested, 'accept', {}, token),
    kitchen(requested, 'proposeTime', { updateTime: '2026-11-24T19:30:00Z' }, token),
    kitchen(requested, 'refuse', { reason: 'Closing early tonight' }, token),
    kitchen(accepted, 'status', { kitchenStatus: 1 }, token),
  ];

  it.each([
    ['no token', () => null, 401],
    ['a forged token', () => forgedToken, 401],
    ['a signed-in customer outside the kitchen group', () => customerToken, 403],
  ])('with %s every call is refused and nothing is written', async (_who, token, status) => {
    const requested = await ordering.requestedOrder();
    const accepted = await acceptedOrder();
    const before = ordering.orderRows();

    const answers = await Promise.all(everyCall(requested.orderRef, accepted.orderRef, token()));
    for (const answer of answers) {
      expect(answer.status).toBe(status);
      expect(answer.body.validationErrors).toEqual([]);
      if (status === 403) expect(answer.body.errorMessage).toBe("This is for the restaurant's staff only");
    }
    expect(ordering.orderRows()).toEqual(before);
  });

  it('lets the demo staff member, in the kitchen group, make them', async () => {
    expect(decodeJwt(staffToken)['cognito:groups']).toEqual(['kitchen']);
    const { orderRef } = await ordering.requestedOrder();
    expect((await ordering.call('/kitchen/orders', { token: staffToken })).status).toBe(200);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    expect((await setStatus(orderRef, 1)).status).toBe(200);
  });
});

describe('POST /kitchen/orders/{orderId}/accept', () => {
  it("puts each dish's menu number and Chinese name on the ticket, under the English", async () => {
    const { orderRef } = await ordering.requestedOrder();
    const accepted = await kitchen(orderRef, 'accept');
    expect(accepted.body.data.ticket.orderItems).toEqual([
      expect.objectContaining({ itemId: 109, title: 'Mixed Starter for Two', menuNumber: '9', chineseName: '双人什锦拼盘', chineseScript: 'zh-Hans' }),
    ]);
    const listed = (await ordering.call('/kitchen/orders', { token: staffToken })).body.data.orders.find((ticket: { orderRef: string }) => ticket.orderRef === orderRef);
    expect(listed.orderItems[0]).toMatchObject({ menuNumber: '9', chineseName: '双人什锦拼盘' });
  });

  it('accepts a Requested order at its time with kitchen status Ordered; again changes nothing', async () => {
    const { orderRef } = await ordering.requestedOrder();
    ordering.now = new Date(tuesdayEvening.getTime() + 60_000);
    const first = await kitchen(orderRef, 'accept');
    expect(first.status).toBe(200);
    expect(first.body.data.ticket).toMatchObject({
      orderRef,
      acceptanceStatus: 2,
      kitchenStatus: 0,
      updateTime: '2026-11-24T18:20:00.000Z',
      autoRefuseAt: null,
    });
    const rows = ordering.orderRows();
    ordering.now = new Date(tuesdayEvening.getTime() + 120_000);
    expect(await kitchen(orderRef, 'accept')).toEqual(first);
    expect(ordering.orderRows()).toEqual(rows);
  });

  it('records who did what in the order history', async () => {
    const { basketId, orderRef } = await acceptedOrder();
    const sqlite = new SqliteDatabase(ordering.sqliteFile, { readonly: true });
    try {
      const events = sqlite.prepare('select change, from_value, to_value, actor from order_events where basket_id = ? order by event_no').all(basketId);
      expect(events).toEqual([
        { change: 'acceptanceStatus', from_value: null, to_value: 'Requested', actor: 'customer' },
        { change: 'acceptanceStatus', from_value: 'Requested', to_value: 'Accepted', actor: `kitchen:${decodeJwt(staffToken).sub}` },
        { change: 'kitchenStatus', from_value: null, to_value: 'Ordered', actor: `kitchen:${decodeJwt(staffToken).sub}` },
      ]);
    } finally {
      sqlite.close();
    }
    expect(orderRef).not.toBe(basketId);
  });

  it('refuses a cancelled order and an unknown one', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    await ordering.post(`/orderbuilder/cancel/${basketId}`);
    expect(await kitchen(orderRef, 'accept')).toEqual(refusal('The customer has cancelled this order'));
    expect(await kitchen('AAAAAAAAAAAAAAAAAAAAAA', 'accept')).toEqual(refusal('We cannot find this order'));
  });

  it('lets exactly one of a concurrent cancel and accept win', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { basketId, orderRef } = await ordering.requestedOrder();
      const [cancel, accept] = await Promise.all([ordering.post(`/orderbuilder/cancel/${basketId}`), kitchen(orderRef, 'accept')]);
      expect([cancel.status, accept.status].sort()).toEqual([200, 400]);
      const { orderRequest } = (await ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`)).body.data;
      if (cancel.status === 200) {
        expect(orderRequest).toMatchObject({ orderStatus: 0, cancelled: true });
        expect(accept.body.errorMessage).toBe('The customer has cancelled this order');
      } else {
        expect(orderRequest).toMatchObject({ orderStatus: 2, cancelled: false });
        expect(cancel.body.errorMessage).toMatch(/^The restaurant has already accepted your order/);
      }
    }
  });
});

describe('POST /kitchen/orders/{orderId}/proposeTime', () => {
  it('proposes a future time (Updated); the same time again changes nothing', async () => {
    const { orderRef } = await ordering.requestedOrder();
    const proposed = await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T19:45:00+00:00' });
    expect(proposed.body.data.ticket).toMatchObject({ acceptanceStatus: 1, kitchenStatus: null, updateTime: '2026-11-24T19:45:00.000Z', autoRefuseAt: null });
    expect(await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T19:45:00Z' })).toEqual(proposed);
    expect(await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T20:00:00Z' })).toEqual(
      refusal('A new time has already been proposed for this order'),
    );
    expect(await kitchen(orderRef, 'accept')).toEqual(refusal('A new time has been proposed: the customer must accept it or cancel'));
  });

  it('refuses a time that is not in the future, and a body without a time', async () => {
    const { orderRef } = await ordering.requestedOrder();
    const rows = ordering.orderRows();
    for (const updateTime of ['2026-11-24T17:59:00Z', tuesdayEvening.toISOString()]) {
      expect(await kitchen(orderRef, 'proposeTime', { updateTime })).toEqual(refusal('The new time must be in the future'));
    }
    const missing = await kitchen(orderRef, 'proposeTime', {});
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors).toContainEqual({ field: 'updateTime', message: 'is required' });
    const notATime = await kitchen(orderRef, 'proposeTime', { updateTime: 'half past seven' });
    expect(notATime.status).toBe(400);
    expect(notATime.body.errorMessage).toBeNull();
    expect(ordering.orderRows()).toEqual(rows);
  });
});

describe('POST /kitchen/orders/{orderId}/refuse', () => {
  it('refuses Requested and Updated orders with the reason the customer sees', async () => {
    const requested = await ordering.requestedOrder();
    const refused = await kitchen(requested.orderRef, 'refuse', { reason: 'We have run out of duck' });
    expect(refused.body.data.ticket).toMatchObject({ acceptanceStatus: 3, refusalReason: 'We have run out of duck', kitchenStatus: null });
    expect(await kitchen(requested.orderRef, 'refuse', { reason: 'Another reason' })).toEqual(refused);
    expect((await ordering.call(`/orderbuilder/acceptanceDetails/${requested.basketId}`)).body.data.orderRequest.refusalReason).toBe(
      'We have run out of duck',
    );

    const updated = await ordering.requestedOrder();
    await kitchen(updated.orderRef, 'proposeTime', { updateTime: '2026-11-24T19:45:00Z' });
    expect((await kitchen(updated.orderRef, 'refuse', { reason: 'Closing early' })).body.data.ticket.acceptanceStatus).toBe(3);
  });

  it('needs a reason', async () => {
    const { orderRef } = await ordering.requestedOrder();
    const rows = ordering.orderRows();
    const missing = await kitchen(orderRef, 'refuse', {});
    expect(missing).toMatchObject({ status: 400, body: { errorMessage: null, validationErrors: [{ field: 'reason', message: 'is required' }] } });
    const empty = await kitchen(orderRef, 'refuse', { reason: '' });
    expect(empty).toMatchObject({ status: 400, body: { errorMessage: null } });
    const blank = await kitchen(orderRef, 'refuse', { reason: '   ' });
    expect(blank).toEqual({ status: 400, body: { errorMessage: null, validationErrors: [{ field: 'reason', message: 'must not be blank' }] } });
    expect(ordering.orderRows()).toEqual(rows);
  });

  it('refuses an accepted order', async () => {
    const { orderRef } = await acceptedOrder();
    expect(await kitchen(orderRef, 'refuse', { reason: 'Too late' })).toEqual(refusal('This order has already been accepted'));
  });
});

describe('POST /kitchen/orders/{orderId}/status', () => {
  it.each([
    ['collection', {}, [1, 2, 6]],
    ['delivery', { orderType: 2, deliveryAddress: leedsAddress }, [1, 2, 3, 6]],
  ])('takes a %s order through every step to Completed', async (_type, changes, path) => {
    const { orderRef } = await acceptedOrder(changes);
    for (const kitchenStatus of path) {
      const answer = await setStatus(orderRef, kitchenStatus);
      expect(answer.status).toBe(200);
      expect(answer.body.data.ticket.kitchenStatus).toBe(kitchenStatus);
    }
    const active = (await ordering.call(`/order/GetActiveOrder/${orderRef}`)).body.data.order;
    expect(active).toMatchObject({ currentStatus: 6, orderStatus: 2 });
    // Setting the status it already has changes nothing.
    expect((await setStatus(orderRef, 6)).body.data.ticket.kitchenStatus).toBe(6);
  });

  it.each([0, 1, 2, 3])('cancels from the active status %i', async (activeStatus) => {
    const { orderRef } = await acceptedOrder({ orderType: 2, deliveryAddress: leedsAddress });
    for (const step of [1, 2, 3].filter((status) => status <= activeStatus)) await setStatus(orderRef, step);
    expect((await setStatus(orderRef, 4)).body.data.ticket.kitchenStatus).toBe(4);
  });

  it('refuses skipping, going back and delivery steps on a collection order, with the rule in words, changing nothing', async () => {
    const collection = await acceptedOrder();
    const rows = ordering.orderRows();
    expect(await setStatus(collection.orderRef, 2)).toEqual(refusal('An order that is Ordered cannot become Ready'));
    expect(await setStatus(collection.orderRef, 6)).toEqual(refusal('An order that is Ordered cannot become Completed'));
    expect(ordering.orderRows()).toEqual(rows);
    await setStatus(collection.orderRef, 1);
    expect(await setStatus(collection.orderRef, 0)).toEqual(refusal('An order that is Cooking cannot become Ordered'));
    await setStatus(collection.orderRef, 2);
    expect(await setStatus(collection.orderRef, 3)).toEqual(refusal('An order that is Ready cannot become Out for delivery'));
    await setStatus(collection.orderRef, 6);
    expect(await setStatus(collection.orderRef, 4)).toEqual(refusal('An order that is Completed cannot become Cancelled'));
  });

  it('refunds only orders paid online, from Cancelled or Completed', async () => {
    const cash = await acceptedOrder();
    await setStatus(cash.orderRef, 4);
    expect(await setStatus(cash.orderRef, 5)).toEqual(refusal('An order that is Cancelled cannot become Refunded'));

    // Online payment arrives with the payment issue, so this order is marked as paid online in the database.
    const online = await acceptedOrder();
    const sqlite = new SqliteDatabase(ordering.sqliteFile);
    try {
      sqlite.prepare('update baskets set payment_type = 2 where order_ref = ?').run(online.orderRef);
    } finally {
      sqlite.close();
    }
    expect(await setStatus(online.orderRef, 5)).toEqual(refusal('An order that is Ordered cannot become Refunded'));
    for (const step of [1, 2, 6]) await setStatus(online.orderRef, step);
    expect((await setStatus(online.orderRef, 5)).body.data.ticket.kitchenStatus).toBe(5);
    expect((await ordering.call(`/order/GetActiveOrder/${online.orderRef}`)).body.data.order.currentStatus).toBe(5);
  });

  it('refuses an order that has not been accepted', async () => {
    const { orderRef } = await ordering.requestedOrder();
    expect(await setStatus(orderRef, 1)).toEqual(refusal('This order has not been accepted yet'));
  });
});

describe('GET /kitchen/orders', () => {
  it("lists the last 24 hours' orders and older active ones, newest first, with full tickets and the server's time", async () => {
    const minutes = (count: number) => new Date(tuesdayEvening.getTime() + count * 60_000);
    ordering.now = minutes(1);
    const older = await acceptedOrder({ orderType: 2, deliveryAddress: leedsAddress, notes: 'Ring the bell' });
    ordering.now = minutes(2);
    const finished = await acceptedOrder();
    await setStatus(finished.orderRef, 4);
    ordering.now = minutes(3);
    const newest = await ordering.requestedOrder();

    const { status, body } = await ordering.call('/kitchen/orders', { token: staffToken });
    expect(status).toBe(200);
    expect(body.data.serverTime).toBe(minutes(3).toISOString());
    expect(body.data.acceptanceTimeoutSeconds).toBe(600);
    const refs = body.data.orders.map((ticket: { orderRef: string }) => ticket.orderRef);
    expect(refs.indexOf(newest.orderRef)).toBeLessThan(refs.indexOf(finished.orderRef));
    expect(refs.indexOf(finished.orderRef)).toBeLessThan(refs.indexOf(older.orderRef));
    const requestedAt = body.data.orders.map((ticket: { acceptanceRequestedAt: string }) => ticket.acceptanceRequestedAt);
    expect(requestedAt).toEqual([...requestedAt].sort().reverse());

    expect(body.data.orders[refs.indexOf(newest.orderRef)]).toMatchObject({
      acceptanceStatus: 0,
      kitchenStatus: null,
      acceptanceRequestedAt: minutes(3).toISOString(),
      autoRefuseAt: minutes(13).toISOString(),
    });
    expect(body.data.orders[refs.indexOf(older.orderRef)]).toEqual({
      orderRef: older.orderRef,
      orderNumber: older.orderNumber,
      channel: 'online',
      acceptanceStatus: 2,
      kitchenStatus: 0,
      cancelled: false,
      refusalReason: null,
      unavailableLines: [],
      acceptanceRequestedAt: minutes(1).toISOString(),
      autoRefuseAt: null,
      preOrder: false,
      answerFrom: minutes(1).toISOString(),
      // Delivery ASAP: confirmed at 18:01 plus the 45-minute delivery lead time.
      updateTime: '2026-11-24T18:46:00.000Z',
      asapFlag: true,
      requestedTime: null,
      orderType: 2,
      paymentType: 1,
      name: 'Ada Lovelace',
      phone: '0113 496 0999',
      email: 'ada@example.com',
      deliveryAddress: leedsAddress,
      notes: 'Ring the bell',
      orderItems: [
        { categoryId: 1, itemId: 109, quantity: 1, title: 'Mixed Starter for Two', itemCost: 13.9, lineCost: 13.9, specialRequest: '', menuNumber: '9', chineseName: '双人什锦拼盘', chineseScript: 'zh-Hans' },
      ],
      itemCost: 13.9,
      discountValue: 0,
      bagCharge: 0.1,
      deliveryCharge: 1.5,
      totalCost: 15.5,
      payment: { method: 'cash', money: null, problem: null, honour: null },
    });

    // A day later only the order still in the kitchen is listed.
    ordering.now = new Date(tuesdayEvening.getTime() + 25 * 3_600_000);
    const dayLater = (await ordering.call('/kitchen/orders', { token: staffToken })).body.data.orders.map((ticket: { orderRef: string }) => ticket.orderRef);
    expect(dayLater).toContain(older.orderRef);
    expect(dayLater).not.toContain(finished.orderRef);
    expect(dayLater).not.toContain(newest.orderRef);
  });
});
