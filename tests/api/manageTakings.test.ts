import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrder, type Approval } from './payPalSupport';
import { leedsAddress, startOrderingServer, type OrderingServer } from './orderingServer';

// The owner's takings and the accountant's CSV (docs/back-office.md, "Takings"), from known orders placed through the
// real calls: cash, PayPal and card (the loopback PayPal fake), collection and delivery, one refused, one cancelled.

let ordering: OrderingServer;
let ownerToken: string;
const placed: Record<string, string> = {};

const card: Approval = { paymentSource: 'card', card: { number: '4111111111111111', expiry: '12/30', securityCode: '123' } };
const twoStarters = { orderItems: [{ categoryId: 1, itemId: 109, quantity: 2, title: 'Mixed Starter for Two', itemCost: 0, lineCost: 0 }] };

/** Tuesday 24 November 2026 at `time` in London (GMT). */
const tuesdayAt = (time: string) => new Date(`2026-11-24T${time}:00Z`);

async function accept(orderRef: string) {
  expect((await ordering.post(`/kitchen/orders/${orderRef}/accept`, {}, await ordering.staffToken())).status).toBe(200);
}

beforeAll(async () => {
  ordering = await startOrderingServer();
  ownerToken = await ordering.ownerToken();

  ordering.now = tuesdayAt('18:00');
  placed.cash = (await ordering.requestedOrder()).orderRef;
  await accept(placed.cash);
  ordering.now = tuesdayAt('18:05');
  placed.payPal = (await paidOrder(ordering)).orderRef;
  await accept(placed.payPal);
  ordering.now = tuesdayAt('18:10');
  placed.card = (await paidOrder(ordering, card)).orderRef;
  await accept(placed.card);
  ordering.now = tuesdayAt('18:15');
  placed.delivery = (await ordering.requestedOrder({ orderType: 2, deliveryAddress: leedsAddress })).orderRef;
  await accept(placed.delivery);
  ordering.now = tuesdayAt('18:20');
  placed.refused = (await ordering.requestedOrder(twoStarters)).orderRef;
  const refusal = await ordering.post(`/kitchen/orders/${placed.refused}/refuse`, { reason: 'Out of prawns, sorry' }, await ordering.staffToken());
  expect(refusal.status).toBe(200);
  ordering.now = tuesdayAt('18:25');
  const cancelled = await ordering.requestedOrder();
  placed.cancelled = cancelled.orderRef;
  expect((await ordering.post(`/orderbuilder/cancel/${cancelled.basketId}`)).status).toBe(200);
  // The next evening's: outside Tuesday's takings.
  ordering.now = new Date('2026-11-25T18:00:00Z');
  placed.wednesday = (await ordering.requestedOrder()).orderRef;
});
afterAll(() => ordering?.close());

describe('GET /manage/takings', () => {
  it("lists the day's orders, counts those not refused or cancelled, and totals them by payment and by type", async () => {
    const answer = await ordering.call('/manage/takings?from=2026-11-24&to=2026-11-24', { token: ownerToken });
    expect(answer.status).toBe(200);
    const takings = answer.body.data;
    expect(takings.orders.map((order: { orderRef: string }) => order.orderRef)).toEqual([
      placed.cash,
      placed.payPal,
      placed.card,
      placed.delivery,
      placed.refused,
      placed.cancelled,
    ]);
    expect(takings.orders[0]).toEqual({
      orderRef: placed.cash,
      placedAt: '2026-11-24T18:00:00.000Z',
      orderType: 'collection',
      payment: 'cash',
      itemTotal: 13.9,
      discount: 0,
      delivery: 0,
      bag: 0.1,
      total: 14,
      status: 'accepted',
      counted: true,
      reason: null,
    });
    expect(takings.orders.map((order: { payment: string; orderType: string; status: string; counted: boolean; reason: string | null }) => [
      order.payment,
      order.orderType,
      order.status,
      order.counted,
      order.reason,
    ])).toEqual([
      ['cash', 'collection', 'accepted', true, null],
      ['paypal', 'collection', 'accepted', true, null],
      ['card', 'collection', 'accepted', true, null],
      ['cash', 'delivery', 'accepted', true, null],
      ['cash', 'collection', 'refused', false, 'Out of prawns, sorry'],
      ['cash', 'collection', 'cancelled', false, 'The customer cancelled'],
    ]);
    expect(takings.totals).toEqual({ orders: 4, itemTotal: 55.6, discount: 0, delivery: 1.5, bag: 0.4, total: 57.5 });
    expect(takings.byPayment).toEqual([
      { payment: 'cash', orders: 2, total: 29.5 },
      { payment: 'paypal', orders: 1, total: 14 },
      { payment: 'card', orders: 1, total: 14 },
    ]);
    expect(takings.byOrderType).toEqual([
      { orderType: 'collection', orders: 3, total: 42 },
      { orderType: 'delivery', orders: 1, total: 15.5 },
    ]);
    // Due ASAP: collection 20 minutes after placing, delivery 45, in London's quarter-hours.
    expect(takings.busiestSlots).toEqual([
      { time: '18:15', orders: 2 },
      { time: '18:30', orders: 1 },
      { time: '19:00', orders: 1 },
    ]);
  });

  it('reads a range of London days, and refuses a range that ends before it starts', async () => {
    const twoDays = await ordering.call('/manage/takings?from=2026-11-24&to=2026-11-25', { token: ownerToken });
    expect(twoDays.body.data.orders.at(-1).orderRef).toBe(placed.wednesday);
    expect(twoDays.body.data.totals.orders).toBe(5);
    const backwards = await ordering.call('/manage/takings?from=2026-11-25&to=2026-11-24', { token: ownerToken });
    expect(backwards.status).toBe(400);
    expect(backwards.body.validationErrors).toEqual([{ field: 'to', message: 'must not be before from' }]);
    expect((await ordering.call('/manage/takings?from=2026-02-30&to=2026-03-01', { token: ownerToken })).body.validationErrors).toEqual([
      { field: 'from', message: 'must be a date, for example 2026-12-24' },
    ]);
  });

  it('is for the owner only', async () => {
    expect((await ordering.call('/manage/takings?from=2026-11-24&to=2026-11-24', { token: await ordering.staffToken() })).status).toBe(403);
    expect((await ordering.call('/manage/takings/csv?from=2026-11-24&to=2026-11-24')).status).toBe(401);
  });
});

/** An order reference as a spreadsheet must read it: one that starts like a formula ("-2zz…", 1 in 64) is kept as text by a leading apostrophe. */
const asText = (reference: string) => (/^[=+\-@]/.test(reference) ? `'${reference}` : reference);

describe('GET /manage/takings/csv', () => {
  it('answers the accountant one line per order after a header, in pounds, dated in London', async () => {
    const response = await fetch(`${ordering.server.url}/api/manage/takings/csv?from=2026-11-24&to=2026-11-25`, {
      headers: { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site', authorization: `Bearer ${ownerToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="takings-2026-11-24-to-2026-11-25.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Date,Time,Reference,Type,Payment,Item total,Discount,Delivery,Bag,Total,Status',
      `24/11/2026,18:00,${asText(placed.cash)},Collection,Cash,13.90,0.00,0.00,0.10,14.00,Accepted`,
      `24/11/2026,18:05,${asText(placed.payPal)},Collection,PayPal,13.90,0.00,0.00,0.10,14.00,Accepted`,
      `24/11/2026,18:10,${asText(placed.card)},Collection,Card,13.90,0.00,0.00,0.10,14.00,Accepted`,
      `24/11/2026,18:15,${asText(placed.delivery)},Delivery,Cash,13.90,0.00,1.50,0.10,15.50,Accepted`,
      `24/11/2026,18:20,${asText(placed.refused)},Collection,Cash,27.80,0.00,0.00,0.10,27.90,"Refused: Out of prawns, sorry"`,
      `24/11/2026,18:25,${asText(placed.cancelled)},Collection,Cash,13.90,0.00,0.00,0.10,14.00,Cancelled: The customer cancelled`,
      `25/11/2026,18:00,${asText(placed.wednesday)},Collection,Cash,13.90,0.00,0.00,0.10,14.00,Waiting`,
      '',
    ]);
  });
});
