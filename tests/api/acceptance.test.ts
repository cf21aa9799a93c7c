import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { identification, leedsAddress, publicIdPattern, startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';
import { PROPOSED_TIME_PASSED_MESSAGE } from '../../src/server/domain/acceptance';

// The customer's side of acceptance and tracking over real HTTP (docs/acceptance-and-kitchen.md).

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as object, 'openapi.yaml');
function contractErrors(schemaName: string, value: unknown) {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${schemaName}`);
  if (validate === undefined) throw new Error(`openapi.yaml has no schema ${schemaName}`);
  return validate(value) ? [] : validate.errors;
}

const restaurantPhone = '0113 496 0123';
const notFound = { errorMessage: 'We cannot find this order', validationErrors: [] };
const inMinutes = (minutes: number, from = tuesdayEvening) => new Date(from.getTime() + minutes * 60_000);

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

const details = (basketId: string) => ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`);
const kitchen = (orderRef: string, action: string, body: unknown = {}) => ordering.post(`/kitchen/orders/${orderRef}/${action}`, body, staffToken);

describe('POST /orderbuilder/createAcceptance', () => {
  it('refuses a basket that is not confirmed, and an unknown one', async () => {
    const rows = ordering.orderRows();
    const basketId = await ordering.newBasket();
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).body).toEqual({
      errorMessage: 'This order has not been confirmed yet',
      validationErrors: [],
    });
    const unknown = await ordering.post('/orderbuilder/createAcceptance', { basketId: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown).toEqual({ status: 400, body: notFound });
    expect(ordering.orderRows().order_acceptances).toEqual(rows.order_acceptances);
  });

  it('requests acceptance once: Requested, due at the ASAP estimate; a second call answers the same request', async () => {
    const { basketId, orderRef, orderNumber } = await ordering.confirmedOrder();
    const first = await ordering.post('/orderbuilder/createAcceptance', { basketId });
    expect(first.status).toBe(200);
    const orderRequest = first.body.data.orderRequest;
    expect(orderRequest).toEqual({
      orderBuilderId: basketId,
      orderStatus: 0,
      // Collection ASAP: confirmed at 18:00 plus the 20-minute collection lead time.
      updateTime: '2026-11-24T18:20:00.000Z',
      orderRef,
      orderNumber,
      cancelled: false,
      refusalReason: null,
      unavailableItems: [],
      payment: { method: 'cash', money: null, amount: 14, cashInstead: false },
      // Placed while open and due within the hour: the restaurant's time to answer starts at once.
      preOrder: false,
      answerFrom: '2026-11-24T18:00:00.000Z',
      autoRefuseAt: '2026-11-24T18:10:00.000Z',
      heldAmount: null,
    });
    expect(contractErrors('OrderAcceptanceRequest', orderRequest)).toEqual([]);

    ordering.now = inMinutes(1);
    const again = await Promise.all([1, 2, 3].map(() => ordering.post('/orderbuilder/createAcceptance', { basketId })));
    expect(again.map(({ body }) => body)).toEqual([first.body, first.body, first.body]);
    expect(ordering.orderRows().order_acceptances.filter((row: any) => row.basket_id === basketId)).toHaveLength(1);
  });

  it("is due at the customer's slot when one was chosen", async () => {
    const { basketId } = await ordering.requestedOrder({
      orderType: 2,
      deliveryAddress: leedsAddress,
      asapFlag: false,
      requestedTime: '2026-11-24T19:30:00Z',
    });
    expect((await details(basketId)).body.data.orderRequest.updateTime).toBe('2026-11-24T19:30:00.000Z');
  });
});

describe('GET /orderbuilder/acceptanceDetails/{basketId}', () => {
  it('answers the request as it stands, and 400 for a basket without one', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 0, orderRef });
    await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T19:00:00Z' });
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 1, updateTime: '2026-11-24T19:00:00.000Z' });

    const unrequested = await ordering.confirmedOrder();
    expect(await details(unrequested.basketId)).toEqual({ status: 400, body: notFound });
  });
});

describe('POST /orderbuilder/cancel/{basketId}', () => {
  it('cancels a Requested order; cancelling again gives the same answer and changes nothing', async () => {
    const { basketId } = await ordering.requestedOrder();
    ordering.now = inMinutes(2);
    const first = await ordering.post(`/orderbuilder/cancel/${basketId}`);
    expect(first).toEqual({ status: 200, body: { data: { OrderCancelled: true } } });
    const rows = ordering.orderRows();

    ordering.now = inMinutes(3);
    expect(await ordering.post(`/orderbuilder/cancel/${basketId}`)).toEqual(first);
    expect(ordering.orderRows()).toEqual(rows);
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 0, cancelled: true, refusalReason: null });
  });

  it('cancels an Updated order', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T19:00:00Z' });
    expect((await ordering.post(`/orderbuilder/cancel/${basketId}`)).body).toEqual({ data: { OrderCancelled: true } });
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 1, cancelled: true });
  });

  it('cancels a confirmed order whose request was never made, recording it as requested and cancelled', async () => {
    const { basketId } = await ordering.confirmedOrder();
    expect((await ordering.post(`/orderbuilder/cancel/${basketId}`)).body).toEqual({ data: { OrderCancelled: true } });
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 0, cancelled: true });
  });

  it('refuses once the restaurant has accepted, with its phone number, and changes nothing', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    const rows = ordering.orderRows();
    const refused = await ordering.post(`/orderbuilder/cancel/${basketId}`);
    expect(refused).toEqual({
      status: 400,
      body: {
        errorMessage: `The restaurant has already accepted your order. Please phone ${restaurantPhone} to change it.`,
        validationErrors: [],
      },
    });
    expect(ordering.orderRows()).toEqual(rows);
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 2, cancelled: false });
  });

  it('refuses an unconfirmed or unknown basket', async () => {
    expect((await ordering.post(`/orderbuilder/cancel/${await ordering.newBasket()}`)).body.errorMessage).toBe('This order has not been confirmed yet');
    expect(await ordering.post('/orderbuilder/cancel/AAAAAAAAAAAAAAAAAAAAAA')).toEqual({ status: 400, body: notFound });
  });
});

describe('POST /orderbuilder/acceptNewTime/{basketId}', () => {
  it("accepts the restaurant's time from Updated; accepting again changes nothing", async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T19:15:00Z' });
    const accepted = await ordering.post(`/orderbuilder/acceptNewTime/${basketId}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.orderRequest).toMatchObject({ orderStatus: 2, updateTime: '2026-11-24T19:15:00.000Z', cancelled: false });
    const rows = ordering.orderRows();
    expect(await ordering.post(`/orderbuilder/acceptNewTime/${basketId}`)).toEqual(accepted);
    expect(ordering.orderRows()).toEqual(rows);
    expect((await ordering.call(`/order/GetActiveOrder/${orderRef}`)).body.data.order).toMatchObject({ currentStatus: 0, orderStatus: 2 });
  });

  it.each([
    ['Requested', async () => (await ordering.requestedOrder()).basketId, 'The restaurant has not proposed a new time'],
    [
      'cancelled',
      async () => {
        const { basketId, orderRef } = await ordering.requestedOrder();
        await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T19:15:00Z' });
        await ordering.post(`/orderbuilder/cancel/${basketId}`);
        return basketId;
      },
      'You have cancelled this order',
    ],
    [
      'Refused',
      async () => {
        const { basketId, orderRef } = await ordering.requestedOrder();
        await kitchen(orderRef, 'refuse', { reason: 'We have run out of duck' });
        return basketId;
      },
      'The restaurant could not accept your order',
    ],
    [
      'Updated with a time that has passed',
      async () => {
        const { basketId, orderRef } = await ordering.requestedOrder();
        await kitchen(orderRef, 'proposeTime', { updateTime: '2026-11-24T19:15:00Z' });
        ordering.now = new Date('2026-11-24T19:15:00Z');
        return basketId;
      },
      PROPOSED_TIME_PASSED_MESSAGE,
    ],
  ])('is refused when the order is %s', async (_state, orderIn, message) => {
    const basketId = await orderIn();
    const rows = ordering.orderRows();
    expect(await ordering.post(`/orderbuilder/acceptNewTime/${basketId}`)).toEqual({ status: 400, body: { errorMessage: message, validationErrors: [] } });
    expect(ordering.orderRows()).toEqual(rows);
  });
});

describe('automatic refusal', () => {
  const reason = `The restaurant did not respond in time. Please order again or phone ${restaurantPhone}.`;

  it('refuses a request left Requested for 10 minutes, with the reason, before anyone reads it', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    ordering.now = new Date(tuesdayEvening.getTime() + 599_000);
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 0, refusalReason: null });

    ordering.now = new Date(tuesdayEvening.getTime() + 600_000);
    expect((await details(basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 3, refusalReason: reason, cancelled: false });
    expect((await ordering.call(`/order/GetActiveOrder/${orderRef}`)).body.data.order).toMatchObject({ currentStatus: 4, orderStatus: 3, cancelled: false, refusalReason: reason });
    // Too late for the kitchen: the customer has been told.
    expect((await kitchen(orderRef, 'accept')).body.errorMessage).toBe('This order has already been refused');
  });

  it('is applied by GetActiveOrder and the kitchen list as well', async () => {
    const tracked = await ordering.requestedOrder();
    const listed = await ordering.requestedOrder();
    ordering.now = inMinutes(11);
    expect((await ordering.call(`/order/GetActiveOrder/${tracked.orderRef}`)).body.data.order.orderStatus).toBe(3);
    const { body } = await ordering.call('/kitchen/orders', { token: staffToken });
    expect(body.data.orders.find((ticket: any) => ticket.orderRef === listed.orderRef)).toMatchObject({
      acceptanceStatus: 3,
      refusalReason: reason,
      autoRefuseAt: null,
    });
  });

  it('leaves Updated and cancelled orders alone', async () => {
    const updated = await ordering.requestedOrder();
    await kitchen(updated.orderRef, 'proposeTime', { updateTime: '2026-11-24T19:15:00Z' });
    const cancelled = await ordering.requestedOrder();
    await ordering.post(`/orderbuilder/cancel/${cancelled.basketId}`);
    ordering.now = inMinutes(30);
    expect((await details(updated.basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 1, refusalReason: null });
    expect((await details(cancelled.basketId)).body.data.orderRequest).toMatchObject({ orderStatus: 0, cancelled: true, refusalReason: null });
  });
});

describe('GET /order/GetActiveOrder/{orderId}', () => {
  it('answers Ordered until accepted, then follows the kitchen; Cancelled once cancelled', async () => {
    const { basketId, orderRef, orderNumber } = await ordering.requestedOrder();
    const active = async () => (await ordering.call(`/order/GetActiveOrder/${orderRef}`)).body.data.order;
    const waiting = await active();
    expect(waiting).toEqual({
      orderRef,
      orderNumber,
      currentStatus: 0,
      orderStatus: 0,
      orderType: 1,
      updateTime: '2026-11-24T18:20:00.000Z',
      cancelled: false,
      refusalReason: null,
      payment: { method: 'cash', money: null, amount: 14, cashInstead: false },
    });
    expect(contractErrors('ActiveOrder', waiting)).toEqual([]);

    await kitchen(orderRef, 'accept');
    await kitchen(orderRef, 'status', { kitchenStatus: 1 });
    expect(await active()).toMatchObject({ currentStatus: 1, orderStatus: 2 });

    const cancelled = await ordering.requestedOrder();
    await ordering.post(`/orderbuilder/cancel/${cancelled.basketId}`);
    expect((await ordering.call(`/order/GetActiveOrder/${cancelled.orderRef}`)).body.data.order).toMatchObject({
      currentStatus: 4,
      orderStatus: 0,
      cancelled: true,
    });
    expect(basketId).not.toBe(orderRef);
  });
});

describe('GET /order/OrderDetails/{orderId}', () => {
  it('answers the lines and totals of the confirmed basket', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder({
      orderType: 2,
      deliveryAddress: leedsAddress,
      notes: 'Ring the bell',
      orderItems: [
        { categoryId: 1, itemId: 101, configId: 1012, quantity: 2, title: 'x', itemCost: 0, lineCost: 0, specialRequest: 'extra crispy' },
        { categoryId: 1, itemId: 109, quantity: 1, title: 'x', itemCost: 0, lineCost: 0 },
      ],
    });
    // The browser that ordered, which holds the basket id, sees the customer's details (tests/api/privacy.test.ts).
    const headers = { ...identification, 'x-basket-id': basketId };
    const response = await fetch(`${ordering.server.url}/api/order/OrderDetails/${orderRef}`, { headers });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.data.orderItems).toEqual([
      { categoryId: 1, itemId: 101, configId: 1012, configOption: 'Large bag', quantity: 2, title: 'Prawn Crackers', itemCost: 4, lineCost: 8, specialRequest: 'extra crispy' },
      { categoryId: 1, itemId: 109, quantity: 1, title: 'Mixed Starter for Two', itemCost: 13.9, lineCost: 13.9, specialRequest: '' },
    ]);
    expect(body.data.orderDetails).toEqual({
      orderRef,
      orderNumber: expect.any(Number),
      items: 3,
      name: 'Ada Lovelace',
      phoneNumber: '0113 496 0999',
      emailAddress: 'ada@example.com',
      created: '2026-11-24T18:00:00.000Z',
      orderType: 2,
      deliveryAddress: leedsAddress,
      deliveryCharge: 1.5,
      bagCharge: 0.1,
      paymentType: 1,
      // £8.00 + £13.90 + £1.50 delivery + £0.10 bag.
      amount: 23.5,
      discount: 0,
      notes: 'Ring the bell',
      personalDetailsWithheld: false,
    });
    expect(contractErrors('OrderView', body.data.orderDetails)).toEqual([]);
    expect(basketId).toMatch(publicIdPattern);
  });
});

describe('order ids', () => {
  it('are 128-bit and not the basketId', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    expect(orderRef).toMatch(publicIdPattern);
    expect(Buffer.from(orderRef, 'base64url')).toHaveLength(16);
    expect(orderRef).not.toBe(basketId);
  });

  it.each(['/order/GetActiveOrder/', '/order/OrderDetails/'])('%s answers the same 400 for an unknown, a random and a basket id', async (path) => {
    const { basketId } = await ordering.requestedOrder();
    const answers = await Promise.all(
      ['AAAAAAAAAAAAAAAAAAAAAA', randomBytes(16).toString('base64url'), 'short', basketId].map((id) => ordering.call(`${path}${id}`)),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 400, body: notFound });
  });
});
