import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sampleFcmToken } from '../../src/server/local/fcm/fcmFake';
import type { PayPalFakeControl } from '../../src/server/local/payPal/payPalFake';
import { freePort } from './freePort';
import { readyOrderUpdate, startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';
import { paidOrder, queryDatabase } from './payPalSupport';

// Orders for later (docs/acceptance-and-kitchen.md, "Pre-orders"; docs/payments.md, "Orders for later"): the real server
// and the loopback PayPal fake, both on the test's clock. The demo restaurant opens Tuesday to Sunday from 17:00 (Sunday
// also 12:00–14:00), closed on Mondays; London keeps UTC in November.

let ordering: OrderingServer;
let ownerToken: string;
let staffToken: string;
let fake: PayPalFakeControl;

beforeAll(async () => {
  ordering = await startOrderingServer();
  [ownerToken, staffToken] = await Promise.all([ordering.ownerToken(), ordering.staffToken()]);
  fake = ordering.server.payPalFakeControl!;
});
afterAll(() => ordering?.close());
beforeEach(() => {
  ordering.now = tuesdayEvening;
});

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);
const readSettings = async () => (await ordering.call('/manage/settings', { token: ownerToken })).body.data as { settings: Record<string, unknown>; revision: number };
const saveSettings = (revision: number, settings: unknown) => ordering.call('/manage/settings', { method: 'PUT', body: { revision, settings }, token: ownerToken });

async function withDaysAhead(orderDaysAhead: number, test: () => Promise<void>) {
  const opened = await readSettings();
  const saved = await saveSettings(opened.revision, { ...opened.settings, orderDaysAhead });
  expect(saved.status).toBe(200);
  try {
    await test();
  } finally {
    expect((await saveSettings(saved.body.data.revision, opened.settings)).status).toBe(200);
  }
}

const collectionSlots = async () => (await ordering.call('/orderbuilder/timeSlots/1')).body.data as { asapAvailable: boolean; slots: string[] };
const londonDates = (slots: string[]) => [...new Set(slots.map((slot) => slot.slice(0, 10)))];
const kitchenTicket = async (orderRef: string) =>
  ((await ordering.call('/kitchen/orders', { token: staffToken })).body.data.orders as { orderRef: string }[]).find((ticket) => ticket.orderRef === orderRef) as Record<string, any>;
const details = async (basketId: string) => (await ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`)).body.data.orderRequest;
async function savePrinters(printers: unknown[]) {
  const current = await ordering.call('/manage/printers', { token: ownerToken });
  const saved = await ordering.call('/manage/printers', { method: 'PUT', body: { revision: current.body.data.revision, printers }, token: ownerToken });
  expect(saved.status).toBe(200);
  return saved.body.data.printers as Array<{ printerId: number; name: string }>;
}
const paymentRow = (basketId: string) =>
  queryDatabase<{ state: string; authorization_id: string; honour_outcome: string | null }>(ordering, 'select * from payments where basket_id = ?', basketId)[0];

describe("the owner's days ahead", () => {
  it('is 0 until the owner sets it, saved from 0 to 7 with the audit saying what changed', async () => {
    expect((await readSettings()).settings.orderDaysAhead).toBe(0);
    expect((await ordering.call('/restaurant/coreRestaurantData')).body.data.restaurantData.takeawaySettings.orderDaysAhead).toBe(0);
    await withDaysAhead(7, async () => {
      expect((await readSettings()).settings.orderDaysAhead).toBe(7);
      const audit = (await ordering.call('/manage/audit?area=settings', { token: ownerToken })).body.data.entries.map((entry: { summary: string }) => entry.summary);
      expect(audit).toContain('Orders ahead today only → 7 days');
    });
  });

  it.each([8, 30])('refuses %s days at its field and writes nothing', async (orderDaysAhead) => {
    const opened = await readSettings();
    const refused = await saveSettings(opened.revision, { ...opened.settings, orderDaysAhead });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([{ field: 'orderDaysAhead', message: 'Customers may order from 0 (today only) to 7 days ahead' }]);
    expect(await readSettings()).toEqual(opened);
  });
});

describe('slots on the days ahead', () => {
  it("offers today's slots only at 0, and every open day up to the days ahead otherwise", async () => {
    expect(londonDates((await collectionSlots()).slots)).toEqual(['2026-11-24']);
    await withDaysAhead(2, async () => {
      expect(londonDates((await collectionSlots()).slots)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    });
    // On a closed Monday a week ahead reaches the next Monday, closed too.
    ordering.now = at('2026-11-23T12:00:00Z');
    await withDaysAhead(7, async () => {
      expect(londonDates((await collectionSlots()).slots)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    });
  });

  it('keeps the slot limit on a later day', async () => {
    const hours = (await ordering.call('/manage/hours', { token: ownerToken })).body.data;
    const limited = await ordering.call('/manage/hours', { method: 'PUT', body: { revision: hours.revision, hours: { ...hours.hours, ordersPerSlot: 1 } }, token: ownerToken });
    expect(limited.status).toBe(200);
    try {
      await withDaysAhead(2, async () => {
        const thursday = '2026-11-26T19:00:00.000Z';
        expect((await collectionSlots()).slots).toContain(thursday);
        await ordering.requestedOrder({ asapFlag: false, requestedTime: thursday });
        const slots = (await collectionSlots()).slots;
        expect(slots).not.toContain(thursday);
        expect(slots).toContain('2026-11-26T19:15:00.000Z');
      });
    } finally {
      const now = (await ordering.call('/manage/hours', { token: ownerToken })).body.data;
      await ordering.call('/manage/hours', { method: 'PUT', body: { revision: now.revision, hours: hours.hours }, token: ownerToken });
    }
  });

  it('refuses a time beyond the days ahead at requestedTime, writing nothing', async () => {
    await withDaysAhead(2, async () => {
      const basketId = await ordering.newBasket();
      const before = ordering.orderRows();
      const refused = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { asapFlag: false, requestedTime: '2026-11-27T19:00:00.000Z' }));
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual([{ field: 'requestedTime', message: 'Orders can be placed up to 2 days ahead: please choose an earlier day' }]);
      expect(ordering.orderRows()).toEqual(before);
      expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { asapFlag: false, requestedTime: '2026-11-26T19:00:00.000Z' }))).status).toBe(200);
    });
    const basketId = await ordering.newBasket();
    const refused = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { asapFlag: false, requestedTime: '2026-11-25T19:00:00.000Z' }));
    expect(refused.body.validationErrors).toEqual([{ field: 'requestedTime', message: 'Orders can be placed for the next opening only: please choose an earlier time' }]);
  });
});

describe('an evening past midnight (docs/back-office.md, "Opening hours")', () => {
  /** Runs `test` with the restaurant open 17:00–01:00 every day, its hours put back after. */
  async function withLateEvenings(test: () => Promise<void>) {
    const opened = (await ordering.call('/manage/hours', { token: ownerToken })).body.data;
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '17:00', closes: '01:00' }));
    const saved = await ordering.call('/manage/hours', { method: 'PUT', body: { revision: opened.revision, hours: { ...opened.hours, weekly } }, token: ownerToken });
    expect(saved.status).toBe(200);
    try {
      await test();
    } finally {
      const now = (await ordering.call('/manage/hours', { token: ownerToken })).body.data;
      expect((await ordering.call('/manage/hours', { method: 'PUT', body: { revision: now.revision, hours: opened.hours }, token: ownerToken })).status).toBe(200);
    }
  }
  const update = (basketId: string, requestedTime: string) => ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { asapFlag: false, requestedTime }));
  /** Every slot offered now from `from` on is accepted by the order update; answers them. */
  async function offeredFromAreAccepted(from: string) {
    const offered = (await collectionSlots()).slots.filter((slot) => slot >= from);
    expect(offered.length).toBeGreaterThan(0);
    const basketId = await ordering.newBasket();
    for (const slot of offered) {
      const answer = await update(basketId, slot);
      expect(answer.status, `${slot}: ${JSON.stringify(answer.body.validationErrors)}`).toBe(200);
    }
    return offered;
  }

  it("accepts every slot offered after midnight that night, confirmed too, and still refuses tomorrow evening's", async () => {
    ordering.now = at('2026-11-24T20:00:00Z');
    await withLateEvenings(async () => {
      const afterMidnight = await offeredFromAreAccepted('2026-11-25T00:00:00.000Z');
      expect(afterMidnight).toEqual(['2026-11-25T00:00:00.000Z', '2026-11-25T00:15:00.000Z', '2026-11-25T00:30:00.000Z', '2026-11-25T00:45:00.000Z', '2026-11-25T01:00:00.000Z']);
      await ordering.confirmedOrder({ asapFlag: false, requestedTime: '2026-11-25T00:15:00.000Z' });
      const basketId = await ordering.newBasket();
      const before = ordering.orderRows();
      const refused = await update(basketId, '2026-11-25T17:30:00.000Z');
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual([{ field: 'requestedTime', message: 'Orders can be placed for the next opening only: please choose an earlier time' }]);
      expect(ordering.orderRows()).toEqual(before);
    });
  });

  it('accepts the next evening past midnight for a pre-order placed while closed', async () => {
    ordering.now = at('2026-11-24T10:00:00Z');
    await withLateEvenings(async () => {
      expect(await offeredFromAreAccepted('2026-11-25T00:00:00.000Z')).toContain('2026-11-25T00:15:00.000Z');
      const { basketId } = await ordering.requestedOrder({ asapFlag: false, requestedTime: '2026-11-25T00:15:00.000Z' });
      // Due after midnight, far ahead of the opening: the clock starts an hour before it is due.
      expect(await details(basketId)).toMatchObject({ preOrder: true, answerFrom: '2026-11-24T23:15:00.000Z' });
    });
  });

  it("accepts the last allowed day's evening past midnight, and refuses the day after's", async () => {
    ordering.now = at('2026-11-24T20:00:00Z');
    await withLateEvenings(() =>
      withDaysAhead(2, async () => {
        expect(await offeredFromAreAccepted('2026-11-27T00:00:00.000Z')).toEqual([
          '2026-11-27T00:00:00.000Z', '2026-11-27T00:15:00.000Z', '2026-11-27T00:30:00.000Z', '2026-11-27T00:45:00.000Z', '2026-11-27T01:00:00.000Z',
        ]);
        await ordering.confirmedOrder({ asapFlag: false, requestedTime: '2026-11-27T00:15:00.000Z' });
        const refused = await update(await ordering.newBasket(), '2026-11-27T17:30:00.000Z');
        expect(refused.body.validationErrors).toEqual([{ field: 'requestedTime', message: 'Orders can be placed up to 2 days ahead: please choose an earlier day' }]);
      }),
    );
  });
});

describe("the automatic refusal's clock", () => {
  it('starts at the next opening for an order placed while closed: a pre-order from the moment it is placed', async () => {
    ordering.now = at('2026-11-24T01:26:00Z');
    const { basketId, orderRef } = await ordering.requestedOrder({ asapFlag: false, requestedTime: '2026-11-24T17:30:00.000Z' });
    expect(await details(basketId)).toMatchObject({ orderStatus: 0, preOrder: true, answerFrom: '2026-11-24T17:00:00.000Z', autoRefuseAt: '2026-11-24T17:10:00.000Z', heldAmount: null });
    expect(await kitchenTicket(orderRef)).toMatchObject({ preOrder: true, answerFrom: '2026-11-24T17:00:00.000Z', autoRefuseAt: '2026-11-24T17:10:00.000Z' });

    // Hours after the old 10 minutes, and until the opening plus the timeout, nobody refuses it.
    for (const when of ['2026-11-24T01:36:00Z', '2026-11-24T16:59:00Z', '2026-11-24T17:09:59Z']) {
      ordering.now = at(when);
      expect(await details(basketId)).toMatchObject({ orderStatus: 0, refusalReason: null });
    }
    ordering.now = at('2026-11-24T17:10:00Z');
    expect(await details(basketId)).toMatchObject({ orderStatus: 3, refusalReason: 'The restaurant did not respond in time. Please order again or phone 0113 496 0123.', autoRefuseAt: null });
  });

  it('starts an hour before a far-ahead order is due, and at once for one due soon while open', async () => {
    await withDaysAhead(2, async () => {
      const far = await ordering.requestedOrder({ asapFlag: false, requestedTime: '2026-11-26T20:00:00.000Z' });
      expect(await details(far.basketId)).toMatchObject({ preOrder: true, answerFrom: '2026-11-26T19:00:00.000Z', autoRefuseAt: '2026-11-26T19:10:00.000Z' });
      const soon = await ordering.requestedOrder();
      expect(await details(soon.basketId)).toMatchObject({ preOrder: false, answerFrom: tuesdayEvening.toISOString(), autoRefuseAt: '2026-11-24T18:10:00.000Z' });
    });
  });
});

describe('an order paid online for days ahead', () => {
  /** A PayPal order for `requestedTime`, placed now and its acceptance requested. */
  const paidFor = async (requestedTime: string) => {
    const placed = await paidOrder({
      ...ordering,
      post: (path: string, body?: any, token?: string) =>
        ordering.post(path, path === '/orderbuilder/update' ? { ...body, asapFlag: false, requestedTime } : body, token),
    });
    expect(paymentRow(placed.basketId).state).toBe('authorised');
    return placed;
  };
  const accept = (orderRef: string) => ordering.post(`/kitchen/orders/${orderRef}/accept`, {}, staffToken);
  const settled = async (basketId: string, state: string) =>
    vi.waitFor(() => expect(paymentRow(basketId).state).toBe(state), { timeout: 10_000, interval: 50 });

  it('two days ahead: offered, placed, accepted and captured within the honour period, with nothing reauthorised', async () => {
    await withDaysAhead(2, async () => {
      const thursday = '2026-11-26T19:00:00.000Z';
      expect((await collectionSlots()).slots).toContain(thursday);
      const { basketId, orderRef } = await paidFor(thursday);
      expect(await details(basketId)).toMatchObject({ preOrder: true, answerFrom: '2026-11-26T18:00:00.000Z', heldAmount: 14 });
      ordering.now = at('2026-11-26T18:05:00Z');
      expect((await accept(orderRef)).status).toBe(200);
      await settled(basketId, 'captured');
      expect(paymentRow(basketId).honour_outcome).toBeNull();
      expect(fake.orders().performed.reauthorize).toBe(0);
    });
  });

  it('a week ahead: reauthorised after the honour period, then captured under the new authorisation', async () => {
    fake.reset();
    await withDaysAhead(7, async () => {
      const nextTuesday = '2026-12-01T19:00:00.000Z';
      const { basketId, orderRef } = await paidFor(nextTuesday);
      const held = paymentRow(basketId).authorization_id;
      ordering.now = new Date(Date.parse(nextTuesday) - 55 * 60_000);
      const accepted = await accept(orderRef);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      await settled(basketId, 'captured');
      const payment = paymentRow(basketId);
      expect(payment.honour_outcome).toBe('reauthorised');
      expect(payment.authorization_id).not.toBe(held);
      expect(fake.orders().performed).toMatchObject({ reauthorize: 1, capture: 1 });
      expect((await kitchenTicket(orderRef)).payment).toMatchObject({ money: 'taken', honour: 'reauthorised' });
    });
  });

  it('a week ahead, PayPal refusing to reauthorise: the hold is released and the order is to be paid in cash', async () => {
    fake.reset();
    // The kitchen's printer (the loopback printer), and a printer of receipts only, switched off.
    const loopback = ordering.server.loopbackPrinter!;
    const [kitchenPrinter, counterPrinter] = await savePrinters([
      { name: 'Kitchen', host: '127.0.0.1', port: loopback.port, paperWidth: 80, prints: 'kitchen', copies: 1 },
      { name: 'Counter', host: '127.0.0.1', port: await freePort(), paperWidth: 80, prints: 'receipt', copies: 1 },
    ]);
    // Put back as they were (none) once the test is over, passed or failed.
    onTestFinished(() => savePrinters([]).then(() => undefined));
    await withDaysAhead(7, async () => {
      const { basketId, orderRef, orderNumber } = await paidFor('2026-12-01T19:15:00.000Z');
      const phone = sampleFcmToken();
      expect((await ordering.post('/Device/setToken', { orderBuilderId: basketId, deviceToken: phone })).status).toBe(200);
      fake.failNext('reauthorize', 'declined', 1, basketId);
      ordering.now = new Date(tuesdayEvening.getTime() + 7 * DAY_MS);
      expect((await accept(orderRef)).status).toBe(200);
      await settled(basketId, 'voided');
      expect(paymentRow(basketId).honour_outcome).toBe('cash');
      expect(fake.orders().performed).toMatchObject({ capture: 0, void: 1 });
      expect((await kitchenTicket(orderRef)).payment).toMatchObject({ money: 'released', honour: 'cash' });
      expect((await kitchenTicket(orderRef)).totalCost).toBe(14);

      // The ticket printed at acceptance may say it was paid online, nothing to collect: the kitchen's printer prints
      // it again, corrected, the cash to collect at its top; the printer of receipts only is not sent it.
      const jobs = queryDatabase<{ printer_id: number; reason: string }>(ordering, 'select printer_id, reason from print_jobs where basket_id = ? order by job_id', basketId);
      expect(jobs.filter((job) => job.printer_id === kitchenPrinter.printerId).map((job) => job.reason)).toEqual(['accepted', 'paymentChanged']);
      expect(jobs.filter((job) => job.printer_id === counterPrinter.printerId).map((job) => job.reason)).toEqual(['accepted']);
      // The loopback printer keeps the newest first.
      const ticketsOfOrder = () => loopback.control.printed().filter((printed) => printed.text.includes(`ORDER ${orderNumber}\n`));
      await vi.waitFor(
        async () => {
          await ordering.server.printTickets();
          expect(ticketsOfOrder()).toHaveLength(2);
        },
        { timeout: 10_000, interval: 100 },
      );
      const corrected = ticketsOfOrder()[0]!.text;
      expect(corrected.trimStart()).toMatch(/^PAYMENT CHANGED\s+CASH TO COLLECT £14\.00\s/);
      expect(corrected).toContain('Corrected ticket - use this one');
      expect(corrected).not.toContain('PAID ONLINE');

      // Its tracking page, which the cashInstead push opens, is told the order is to be paid in cash, and how much.
      const tracked = (await ordering.call(`/order/GetActiveOrder/${orderRef}`)).body.data.order;
      expect(tracked.payment).toEqual({ method: 'paypal', money: 'released', amount: 14, cashInstead: true });

      // The customer, who believed they had paid online, is told by email and push: nothing charged, £14.00 in cash.
      const cashMails = () =>
        ordering.server.mailLoopback!.control.messages().filter((mail) => mail.subject === `Golden Dragon: please pay for your order ${orderNumber} in cash`);
      const cashPushes = () => ordering.server.fcmFakeControl!.messages().filter((message) => message.token === phone && message.notification?.title === 'Please pay in cash');
      await vi.waitFor(
        async () => {
          await ordering.server.sendNotifications();
          expect(cashMails()).toHaveLength(1);
          expect(cashPushes()).toHaveLength(1);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(cashMails()[0]!.text).toContain('We could not take the online payment for your order, so you have not been charged.');
      expect(cashMails()[0]!.text).toContain('Please pay £14.00 in cash when you collect your order.');
      expect(cashPushes()[0]!.notification?.body).toBe(
        `Order ${orderNumber}: we could not take your online payment, so you have not been charged. Please pay £14.00 in cash when you collect it.`,
      );
      // Told once, whatever the worker does after.
      await ordering.server.sendNotifications();
      expect(cashMails()).toHaveLength(1);
      expect(cashPushes()).toHaveLength(1);
      // The takings count it with the cash taken at the till, not with the money PayPal took.
      const takings = (await ordering.call('/manage/takings?from=2026-11-24&to=2026-11-24', { token: ownerToken })).body.data;
      expect(takings.orders.find((order: { orderRef: string }) => order.orderRef === orderRef)).toMatchObject({ payment: 'cash' });
      const csv = await fetch(`${ordering.server.url}/api/manage/takings/csv?from=2026-11-24&to=2026-11-24`, {
        headers: { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site', authorization: `Bearer ${ownerToken}` },
      });
      expect((await csv.text()).split('\r\n').find((line) => line.includes(orderRef))).toContain(',Cash,');

      // The kitchen cancels it afterwards: the email says nothing was taken, not that the payment is being refunded.
      expect((await ordering.post(`/kitchen/orders/${orderRef}/status`, { kitchenStatus: 4 }, staffToken)).status).toBe(200);
      const cancelledMails = () =>
        ordering.server.mailLoopback!.control.messages().filter((mail) => mail.subject === `Golden Dragon: your order ${orderNumber} has been cancelled`);
      await vi.waitFor(
        async () => {
          await ordering.server.sendNotifications();
          expect(cancelledMails()).toHaveLength(1);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(cancelledMails()[0]!.text).toContain('The online payment for your order was never taken, so there is nothing to refund: you have not been charged.');
      expect(cancelledMails()[0]!.text).not.toContain('refunded');
    });
  });

  it('a week ahead, PayPal still busy with the same reauthorisation (sent by another server): asked again later, never made cash', async () => {
    fake.reset();
    await withDaysAhead(7, async () => {
      const { basketId, orderRef } = await paidFor('2026-12-01T19:30:00.000Z');
      fake.failNext('reauthorize', 'in-progress', 1, basketId);
      const acceptedAt = new Date(tuesdayEvening.getTime() + 7 * DAY_MS);
      ordering.now = acceptedAt;
      expect((await accept(orderRef)).status).toBe(200);
      const captureStep = () => queryDatabase<{ attempts: number; last_error: string | null }>(ordering, "select * from payment_outbox where basket_id = ? and operation = 'capture'", basketId)[0];
      await vi.waitFor(() => expect(captureStep().attempts).toBe(1), { timeout: 10_000, interval: 50 });
      expect(captureStep().last_error).toContain('PREVIOUS_REQUEST_IN_PROGRESS');
      expect(paymentRow(basketId)).toMatchObject({ state: 'capture_due', honour_outcome: null });

      ordering.now = new Date(acceptedAt.getTime() + 5_000);
      await settled(basketId, 'captured');
      expect(paymentRow(basketId).honour_outcome).toBe('reauthorised');
      expect(fake.orders().performed).toMatchObject({ reauthorize: 1, capture: 1, void: 0 });
    });
  });

  it('the fake refuses a capture after the honour period, and a reauthorisation within it', async () => {
    fake.reset();
    const { basketId } = await paidFor('2026-11-24T19:00:00.000Z');
    const { authorization_id: authorizationId } = paymentRow(basketId);
    const payPal = ordering.server.payPalFakeUrl!;
    const token = (await (await fetch(`${payPal}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('local-sandbox-client:local-sandbox-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })).json()) as { access_token: string };
    const call = (path: string) => fetch(`${payPal}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' }, body: '{}' });
    const tooSoon = await call(`/v2/payments/authorizations/${authorizationId}/reauthorize`);
    expect(tooSoon.status).toBe(422);
    expect(JSON.stringify(await tooSoon.json())).toContain('REAUTHORIZATION_TOO_SOON');
    ordering.now = new Date(tuesdayEvening.getTime() + 4 * DAY_MS);
    const late = await call(`/v2/payments/authorizations/${authorizationId}/capture`);
    expect(late.status).toBe(422);
    expect(JSON.stringify(await late.json())).toContain('HONOR_PERIOD_EXPIRED');
    const renewed = await call(`/v2/payments/authorizations/${authorizationId}/reauthorize`);
    expect(renewed.status).toBe(201);
    expect(JSON.stringify(await (await call(`/v2/payments/authorizations/${authorizationId}/reauthorize`)).json())).toContain('REAUTHORIZATION_NOT_ALLOWED');
    expect((await call(`/v2/payments/authorizations/${((await renewed.json()) as { id: string }).id}/capture`)).status).toBe(201);
  });
});
