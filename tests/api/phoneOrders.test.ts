import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { SLOT_FULL_MESSAGE } from '../../src/server/domain/confirmation';
import { CARD_ON_COLLECTION_ONLY_MESSAGE, keySpentMessage } from '../../src/server/services/phoneOrders';
import { pointsEarned } from '../../src/domain/loyalty';
import { databaseTargets, type EmptyDatabase } from '../data/databaseTargets';
import { leedsAddress, readyOrderUpdate, startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';

// Phone orders staff take at the kitchen dashboard (docs/phone-orders.md), over real HTTP, on SQLite and on PostgreSQL:
// priced as the same order online, accepted at once, in the takings as phone, earning the caller's account its points,
// refused over a slot's limit, and a refused call writes nothing, nor does one whose acceptance fails. Placed again
// with its key (its answer lost), it is the one order, written, printed and told once.

const threeDishes = [
  { categoryId: 1, itemId: 101, configId: 1012, quantity: 1 },
  { categoryId: 1, itemId: 109, quantity: 2, specialRequest: 'No sesame' },
  { categoryId: 2, itemId: 201, configId: 2012, quantity: 1 },
];

const phoneCollection = {
  orderType: 1,
  orderItems: threeDishes,
  name: 'Grace Hopper',
  phone: '0113 496 0111',
  paymentMethod: 'cash',
  asapFlag: true,
};

const TABLES = ['baskets', 'basket_lines', 'order_acceptances', 'order_events', 'order_number_days', 'accounts', 'loyalty_events', 'phone_order_keys'] as const;

/** A key as the dashboard's form makes one for each order it takes. */
const newOrderKey = () => randomBytes(16).toString('base64url');

describe.each(databaseTargets)('phone orders on $name', (target) => {
  let empty: EmptyDatabase;
  let dataDir: string;
  let ordering: OrderingServer;
  let database: AppDatabase;
  let staffToken: string;
  let ownerToken: string;

  beforeAll(async () => {
    empty = await target.createEmpty();
    const { databaseUrl, sqliteFile } = empty.location;
    dataDir = databaseUrl === undefined ? dirname(sqliteFile) : mkdtempSync(join(tmpdir(), 'phone-orders-'));
    ordering = await startOrderingServer({ dataDir, databaseUrl });
    database = await openDatabase(empty.location);
    staffToken = await ordering.staffToken();
    ownerToken = await ordering.ownerToken();
  });
  afterAll(async () => {
    await database?.close();
    await ordering?.close();
    await empty?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    ordering.now = tuesdayEvening;
  });

  /** `token` null sends none. */
  const placePhoneOrder = (order: Record<string, unknown>, token: string | null = staffToken) =>
    ordering.post('/kitchen/phoneOrders', order, token ?? undefined);

  /** Every row of the tables an order touches, to show that a refused call wrote nothing. */
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const rows: Record<string, unknown[]> = {};
    // In a stable order, whatever order the database returns them in.
    for (const table of TABLES) rows[table] = (await database.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    return rows;
  }

  async function hoursWithSlotLimit(ordersPerSlot: number | null) {
    const hours = (await ordering.call('/manage/hours', { token: ownerToken })).body.data;
    const saved = await ordering.call('/manage/hours', { method: 'PUT', body: { revision: hours.revision, hours: { ...hours.hours, ordersPerSlot } }, token: ownerToken });
    expect(saved.status).toBe(200);
  }

  /**
   * How many rows the outboxes hold. Their workers update the rows they send after the test has read them, so a failed
   * call is shown to queue nothing by the number of rows, not by their contents.
   */
  async function outboxRows(): Promise<Record<string, number>> {
    const count = async (table: 'notification_deliveries' | 'print_jobs') => (await database.db.selectFrom(table).select('basket_id').execute()).length;
    return { notification_deliveries: await count('notification_deliveries'), print_jobs: await count('print_jobs') };
  }

  /** Makes writing any acceptance's "Accepted" event fail in the database, standing in for a fault or a crash there. */
  async function failAcceptance(failing: boolean) {
    if (target.name === 'postgres') {
      const statements = failing
        ? [
            "create function phone_accept_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$",
            "create trigger phone_accept_fault before insert on order_events for each row when (new.to_value = 'Accepted') execute function phone_accept_fault()",
          ]
        : ['drop trigger phone_accept_fault on order_events', 'drop function phone_accept_fault()'];
      for (const statement of statements) await sql.raw(statement).execute(database.db);
    } else {
      await sql
        .raw(
          failing
            ? "create trigger phone_accept_fault before insert on order_events when new.to_value = 'Accepted' begin select raise(abort, 'injected fault'); end"
            : 'drop trigger phone_accept_fault',
        )
        .execute(database.db);
    }
  }

  async function setPrinters(printers: unknown[]) {
    const current = await ordering.call('/manage/printers', { token: ownerToken });
    const saved = await ordering.call('/manage/printers', { method: 'PUT', body: { revision: current.body.data.revision, printers }, token: ownerToken });
    expect(saved.status).toBe(200);
  }

  it('prices a delivery exactly as the same order placed online', async () => {
    const changes = { orderType: 2, deliveryAddress: leedsAddress, asapFlag: false, requestedTime: '2026-11-24T19:30:00.000Z' };
    const basketId = await ordering.newBasket();
    const online = await ordering.post(
      '/orderbuilder/update',
      readyOrderUpdate(basketId, { ...changes, orderItems: threeDishes.map((line) => ({ ...line, title: 'x', itemCost: 0, lineCost: 0 })) }),
    );
    expect(online.status).toBe(200);

    const phoned = await placePhoneOrder({ ...phoneCollection, ...changes, email: '' });
    expect(phoned.status).toBe(200);
    const { ticket } = phoned.body.data;
    const { order } = online.body.data;
    expect({ itemCost: ticket.itemCost, bag: ticket.bagCharge, delivery: ticket.deliveryCharge, total: ticket.totalCost }).toEqual({
      itemCost: order.itemCost,
      bag: order.bagCharge,
      delivery: order.deliveryCharge,
      total: order.totalCost,
    });
    // Large prawn crackers £4.00, two Mixed Starters £27.80, a large soup £4.80; LS6's charge and the bag on top.
    expect(ticket.itemCost).toBe(36.6);
    expect(ticket.deliveryCharge).toBeGreaterThan(0);
    expect(ticket.orderItems.map((line: { title: string; quantity: number; configOption?: string; specialRequest?: string }) => [line.title, line.quantity, line.configOption ?? null])).toEqual([
      ['Prawn Crackers', 1, 'Large bag'],
      ['Mixed Starter for Two', 2, null],
      ['Chicken & Sweetcorn Soup', 1, 'Large'],
    ]);
    expect(ticket.deliveryAddress).toEqual(leedsAddress);
  });

  it('goes straight to accepted, on the dashboard as a phone order, accepted by the member of staff', async () => {
    const placed = await placePhoneOrder(phoneCollection);
    expect(placed.status).toBe(200);
    const { ticket } = placed.body.data;
    expect(ticket).toMatchObject({ channel: 'phone', acceptanceStatus: 2, kitchenStatus: 0, name: 'Grace Hopper', phone: '0113 496 0111', payment: { method: 'cash' } });

    const listed = (await ordering.call('/kitchen/orders', { token: staffToken })).body.data.orders;
    expect(listed.find((order: { orderRef: string }) => order.orderRef === ticket.orderRef)).toMatchObject({ channel: 'phone', acceptanceStatus: 2 });

    const basket = await database.db.selectFrom('baskets').select(['basket_id', 'source_type', 'status']).where('order_ref', '=', ticket.orderRef).executeTakeFirstOrThrow();
    expect(basket).toMatchObject({ source_type: 'Phone', status: 7 });
    const events = await database.db.selectFrom('order_events').select(['to_value', 'actor']).where('basket_id', '=', basket.basket_id).orderBy('event_no').execute();
    const staff = `kitchen:${decodeJwt(staffToken).sub}`;
    expect(events).toEqual([
      { to_value: 'Requested', actor: staff },
      { to_value: 'Accepted', actor: staff },
      { to_value: 'Ordered', actor: staff },
    ]);
  });

  it('gives the caller its points, each printer one ticket and the customer each notification, once', async () => {
    const caller = await ordering.newCustomer();
    await ordering.createAccount(caller, { name: 'Cy' });
    const loopback = ordering.server.loopbackPrinter!;
    await setPrinters([{ name: 'Kitchen', host: loopback.host, port: loopback.port, paperWidth: 80, prints: 'kitchen', copies: 1 }]);
    try {
      const placed = await placePhoneOrder({ ...phoneCollection, email: caller.email });
      expect(placed.status).toBe(200);
      const { ticket } = placed.body.data;
      const { basket_id: basketId } = await database.db.selectFrom('baskets').select('basket_id').where('order_ref', '=', ticket.orderRef).executeTakeFirstOrThrow();

      const points = await database.db.selectFrom('loyalty_events').select(['auth_sub', 'kind', 'points']).where('basket_id', '=', basketId).execute();
      expect(points).toEqual([{ auth_sub: caller.sub, kind: 'earned', points: pointsEarned(Math.round(ticket.itemCost * 100)) }]);
      const jobs = await database.db.selectFrom('print_jobs').select('reason').where('basket_id', '=', basketId).execute();
      expect(jobs).toEqual([{ reason: 'accepted' }]);
      const told = await database.db.selectFrom('notification_deliveries').select(['moment', 'channel', 'recipient']).where('basket_id', '=', basketId).orderBy('moment').execute();
      expect(told).toEqual([
        { moment: 'accepted', channel: 'email', recipient: caller.email },
        { moment: 'placed', channel: 'email', recipient: caller.email },
      ]);
      expect(ticket.orderNumber).toBeGreaterThan(0);
    } finally {
      await setPrinters([]);
    }
  });

  it('writes nothing when the acceptance fails after the order was placed and requested, so no order is left to be refused', async () => {
    const before = await snapshot();
    const outboxes = await outboxRows();
    await failAcceptance(true);
    try {
      const failed = await placePhoneOrder({ ...phoneCollection, name: 'Faye Ult', email: 'faye@example.com' });
      expect(failed.status).toBe(500);
    } finally {
      await failAcceptance(false);
    }
    // No order confirmed without its acceptance for the sweep to request as `system`, nor any number, points or
    // notification of an order staff were told failed, and will type again.
    expect(await snapshot()).toEqual(before);
    expect(await outboxRows()).toEqual(outboxes);
    expect((await placePhoneOrder({ ...phoneCollection, name: 'Faye Ult' })).status).toBe(200);
  });

  it('appears in the takings and their CSV as phone, paid in cash or by card on collection', async () => {
    const cash = (await placePhoneOrder({ ...phoneCollection, name: 'Cash Caller' })).body.data.ticket;
    const card = (await placePhoneOrder({ ...phoneCollection, name: 'Card Caller', paymentMethod: 'cardOnCollection' })).body.data.ticket;
    expect(card.payment.method).toBe('cardOnCollection');
    const online = await ordering.requestedOrder();

    const takings = (await ordering.call('/manage/takings?from=2026-11-24&to=2026-11-24', { token: ownerToken })).body.data;
    const row = (orderRef: string) => takings.orders.find((order: { orderRef: string }) => order.orderRef === orderRef);
    expect(row(cash.orderRef)).toMatchObject({ channel: 'phone', payment: 'cash', status: 'accepted', total: cash.totalCost });
    expect(row(card.orderRef)).toMatchObject({ channel: 'phone', payment: 'cardOnCollection', status: 'accepted' });
    expect(row(online.orderRef)).toMatchObject({ channel: 'online' });
    const phone = takings.byChannel.find((group: { channel: string }) => group.channel === 'phone');
    expect(phone.orders).toBe(takings.orders.filter((order: { channel: string }) => order.channel === 'phone').length);

    const response = await fetch(`${ordering.server.url}/api/manage/takings/csv?from=2026-11-24&to=2026-11-24`, {
      headers: { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site', authorization: `Bearer ${ownerToken}` },
    });
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0].split(',');
    const cardLine = lines.find((line) => line.includes(card.orderRef))!.split(',');
    expect(cardLine[header.indexOf('Channel')]).toBe('Phone');
    expect(cardLine[header.indexOf('Payment')]).toBe('Card on collection');
  });

  it("earns points for the account the phone number belongs to, however it is written, or the email's", async () => {
    const byPhone = await ordering.newCustomer();
    await ordering.createAccount(byPhone, { name: 'Ada', phone: '07700 900456' });
    const byEmail = await ordering.newCustomer();
    await ordering.createAccount(byEmail, { name: 'Bea' });
    const points = async (customer: typeof byPhone) => (await ordering.call('/account/GetAccount', { token: customer.idToken })).body.data.account.points;

    const first = (await placePhoneOrder({ ...phoneCollection, phone: '+44 (0)7700 900456' })).body.data.ticket;
    expect(await points(byPhone)).toBe(pointsEarned(Math.round(first.itemCost * 100)));
    // The account is told of the order and its points, not who rang nor where it went: a number (or an email) staff
    // typed is no proof that the account's holder gave it, as anyone may put any number in their profile.
    const seen = (await ordering.call(`/order/OrderDetails/${first.orderRef}`, { token: byPhone.idToken })).body.data;
    expect(seen.orderDetails).toMatchObject({ orderRef: first.orderRef, name: '', phoneNumber: '', personalDetailsWithheld: true });
    expect(JSON.stringify(seen)).not.toContain(phoneCollection.name);
    const second = (await placePhoneOrder({ ...phoneCollection, phone: '0113 496 0222', email: byEmail.email.toUpperCase() })).body.data.ticket;
    expect(await points(byEmail)).toBe(pointsEarned(Math.round(second.itemCost * 100)));
    // A number nobody's account holds earns nobody anything.
    const before = await database.db.selectFrom('loyalty_events').select('basket_id').execute();
    expect((await placePhoneOrder({ ...phoneCollection, phone: '0113 496 0333' })).status).toBe(200);
    expect(await database.db.selectFrom('loyalty_events').select('basket_id').execute()).toHaveLength(before.length);
  });

  it('refuses a phone order over the slot limit as an online one is, at requestedTime, writing nothing', async () => {
    await hoursWithSlotLimit(1);
    try {
      const time = '2026-11-24T20:00:00.000Z';
      await ordering.confirmedOrder({ asapFlag: false, requestedTime: time });
      const before = await snapshot();
      const refused = await placePhoneOrder({ ...phoneCollection, asapFlag: false, requestedTime: time });
      expect(refused).toEqual({ status: 400, body: { errorMessage: null, validationErrors: [{ field: 'requestedTime', message: SLOT_FULL_MESSAGE }] } });
      expect(await snapshot()).toEqual(before);
      // The online customer is refused in the same words.
      const basketId = await ordering.newBasket();
      expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { asapFlag: false, requestedTime: time }))).status).toBe(200);
      expect((await ordering.post('/orderbuilder/confirm', { basketId })).body.errorMessage).toBe(SLOT_FULL_MESSAGE);
      // The next slot still takes it.
      expect((await placePhoneOrder({ ...phoneCollection, asapFlag: false, requestedTime: '2026-11-24T20:15:00.000Z' })).status).toBe(200);
    } finally {
      await hoursWithSlotLimit(null);
    }
  });

  it.each([
    ['a phone number that is not a UK one', { phone: '12345' }, 'phone'],
    ['a dish not on the menu', { orderItems: [{ categoryId: 1, itemId: 999, quantity: 1 }] }, 'orderItems[0].itemId'],
    ['a dish without its option', { orderItems: [{ categoryId: 1, itemId: 101, quantity: 1 }] }, 'orderItems[0].configId'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a delivery without an address', { orderType: 2 }, 'deliveryAddress'],
    ['a delivery outside the zones', { orderType: 2, deliveryAddress: { ...leedsAddress, postcode: 'EH1 1YZ' } }, 'deliveryAddress.postcode'],
    ['a delivery paid by card on collection', { orderType: 2, deliveryAddress: leedsAddress, paymentMethod: 'cardOnCollection' }, 'paymentMethod'],
    ['a time that is not a slot', { asapFlag: false, requestedTime: '2026-11-24T03:00:00.000Z' }, 'requestedTime'],
  ])('refuses %s at its field, writing nothing', async (_what, changes, field) => {
    const before = await snapshot();
    const refused = await placePhoneOrder({ ...phoneCollection, ...changes });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors.map((failure: { field: string }) => failure.field)).toEqual([field]);
    if (field === 'paymentMethod') expect(refused.body.validationErrors[0].message).toBe(CARD_ON_COLLECTION_ONLY_MESSAGE);
    expect(await snapshot()).toEqual(before);
  });

  describe('placed again with its key, as the form does when the answer was lost', () => {
    /** The orders placed for `name`, each with its print jobs and notifications. */
    async function ordersOf(name: string) {
      const baskets = await database.db.selectFrom('baskets').select(['basket_id', 'order_number']).where('name', '=', name).execute();
      return Promise.all(
        baskets.map(async ({ basket_id: basketId, order_number: orderNumber }) => ({
          orderNumber,
          printJobs: (await database.db.selectFrom('print_jobs').select('reason').where('basket_id', '=', basketId).execute()).length,
          notifications: (await database.db.selectFrom('notification_deliveries').select('moment').where('basket_id', '=', basketId).execute()).length,
        })),
      );
    }

    it('answers the order already placed, writing, printing and telling nothing more, even once its slot is full', async () => {
      const caller = await ordering.newCustomer();
      await ordering.createAccount(caller, { name: 'Rae' });
      const loopback = ordering.server.loopbackPrinter!;
      await setPrinters([{ name: 'Kitchen', host: loopback.host, port: loopback.port, paperWidth: 80, prints: 'kitchen', copies: 1 }]);
      // The order takes the slot's last place: read again, it would be refused.
      await hoursWithSlotLimit(1);
      try {
        const order = { ...phoneCollection, name: 'Rae Try', email: caller.email, asapFlag: false, requestedTime: '2026-11-24T20:30:00.000Z', idempotencyKey: newOrderKey() };
        const first = await placePhoneOrder(order);
        expect(first.status).toBe(200);
        const written = await snapshot();
        const outboxes = await outboxRows();

        // The same order again, its fields in another order as another browser might send them.
        const again = await placePhoneOrder(Object.fromEntries(Object.entries(order).reverse()));
        expect(again.status).toBe(200);
        expect(again.body.data.ticket).toEqual(first.body.data.ticket);
        expect(await placePhoneOrder(order)).toEqual(again);
        expect(await snapshot()).toEqual(written);
        expect(await outboxRows()).toEqual(outboxes);
        expect(await ordersOf('Rae Try')).toEqual([{ orderNumber: first.body.data.ticket.orderNumber, printJobs: 1, notifications: 2 }]);
      } finally {
        await hoursWithSlotLimit(null);
        await setPrinters([]);
      }
    });

    it('places one order for calls with the same key at the same time, and answers each with it', async () => {
      const order = { ...phoneCollection, name: 'Con Current', idempotencyKey: newOrderKey() };
      const answers = await Promise.all([placePhoneOrder(order), placePhoneOrder(order), placePhoneOrder(order)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const refs = new Set(answers.map((answer) => answer.body.data.ticket.orderRef));
      expect(refs.size).toBe(1);
      const [placed] = await ordersOf('Con Current');
      expect(await ordersOf('Con Current')).toEqual([{ orderNumber: answers[0].body.data.ticket.orderNumber, printJobs: 0, notifications: 0 }]);
      expect(placed.orderNumber).toBe(answers[2].body.data.ticket.orderNumber);
    });

    it('refuses another order sent with a key already spent, writing nothing, and names the order placed', async () => {
      const idempotencyKey = newOrderKey();
      const first = await placePhoneOrder({ ...phoneCollection, name: 'Di Fferent', idempotencyKey });
      expect(first.status).toBe(200);
      const before = await snapshot();
      const outboxes = await outboxRows();
      const changed = await placePhoneOrder({ ...phoneCollection, name: 'Di Fferent', orderItems: [threeDishes[0]], idempotencyKey });
      expect(changed).toEqual({ status: 409, body: { errorMessage: keySpentMessage(first.body.data.ticket.orderNumber), validationErrors: [] } });
      expect(await snapshot()).toEqual(before);
      expect(await outboxRows()).toEqual(outboxes);
      expect(await ordersOf('Di Fferent')).toHaveLength(1);
    });

    it('keeps no key for a refused order: the order put right places with it', async () => {
      const idempotencyKey = newOrderKey();
      const before = await snapshot();
      const refused = await placePhoneOrder({ ...phoneCollection, name: 'Ray Fused', phone: '12345', idempotencyKey });
      expect(refused.status).toBe(400);
      expect(await snapshot()).toEqual(before);
      const placed = await placePhoneOrder({ ...phoneCollection, name: 'Ray Fused', idempotencyKey });
      expect(placed.status).toBe(200);
      expect(await placePhoneOrder({ ...phoneCollection, name: 'Ray Fused', idempotencyKey })).toEqual(placed);
      expect(await ordersOf('Ray Fused')).toHaveLength(1);
    });
  });

  it('refuses a body the contract does not allow, and callers who are not staff, writing nothing', async () => {
    const before = await snapshot();
    // The server prices it: a total from the browser is not part of the contract.
    expect((await placePhoneOrder({ ...phoneCollection, totalCost: 0.01 })).status).toBe(400);
    expect((await placePhoneOrder({ ...phoneCollection, paymentMethod: 'paypal' })).status).toBe(400);
    expect((await placePhoneOrder({ ...phoneCollection, orderItems: [] })).status).toBe(400);
    expect((await placePhoneOrder({ ...phoneCollection, idempotencyKey: 'short' })).status).toBe(400);
    expect((await placePhoneOrder(phoneCollection, null)).status).toBe(401);
    expect((await placePhoneOrder(phoneCollection, await ordering.customerToken())).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
