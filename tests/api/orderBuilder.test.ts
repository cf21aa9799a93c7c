import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { startServer, type RunningServer } from '../../src/server/main';

// The real server on a fresh SQLite database with the demo restaurant (closed on Mondays; Tuesday
// 17:00–22:30; collection lead 20 minutes, delivery 45; bag charge £0.10; collection minimum £10.00;
// LS6 is zone 1: delivery £1.50, minimum £12.00). Its clock is fixed by the test.
const tuesdayEvening = new Date('2026-11-24T18:00:00Z');
const mondayNoon = new Date('2026-11-23T12:00:00Z');

// Fastify's serializer drops fields a response schema does not know, so the answers are checked
// against the contract strictly here: a handler answering more or other than the contract fails.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as object, 'openapi.yaml');
function contractErrors(schemaName: string, value: unknown) {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${schemaName}`);
  if (validate === undefined) throw new Error(`openapi.yaml has no schema ${schemaName}`);
  return validate(value) ? [] : validate.errors;
}

const identification = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };
const publicIdPattern = /^[A-Za-z0-9_-]{22}$/;

let server: RunningServer;
let dataDir: string;
let database: AppDatabase;
let repositories: Repositories;
let now = tuesdayEvening;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'order-builder-test-'));
  server = await startServer(
    {
      port: 0,
      dataDir,
      siteRoot: join(dataDir, 'no-site'),
      logLevel: 'silent',
      identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
      payPal: { mode: 'local', fakePort: 0, fakeUrl: undefined },
      clock: () => now,
    },
    {},
  );
  database = await openDatabase({ sqliteFile: join(dataDir, 'takeaway.sqlite') });
  repositories = createRepositories(database.db);
});

afterAll(async () => {
  await database?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  now = tuesdayEvening;
});

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/api${path}`, {
    ...init,
    headers: { ...identification, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  return { status: response.status, body: await response.json() };
}

const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });

async function newBasket(): Promise<string> {
  const { status, body } = await call('/OrderBuilder/create');
  expect(status).toBe(200);
  return body.data.basketId;
}

interface Line {
  categoryId: number;
  itemId: number;
  configId?: number;
  quantity: number;
  specialRequest?: string;
}

const line = (categoryId: number, itemId: number, quantity: number, extra: Partial<Line> & { title?: string; itemCost?: number; lineCost?: number } = {}) => ({
  categoryId,
  itemId,
  quantity,
  title: 'as the client remembers it',
  itemCost: 0.01,
  lineCost: 0.01,
  ...extra,
});

const contact = { name: 'Ada Lovelace', phone: '0113 496 0999', email: 'ada@example.com' };
const leedsAddress = { address1: '3 Cardigan Road', address2: '', town: 'Leeds', postcode: 'ls6 2ab' };

function orderUpdate(basketId: string, changes: Record<string, unknown> = {}) {
  return {
    basketId,
    menuVersion: 1,
    sourceType: 'Website',
    os: 'web',
    osVersion: 'Linux',
    appVersion: '1.0.81',
    orderType: 1,
    orderItems: [line(1, 102, 1)],
    voucherItems: [],
    itemCost: 0,
    deliveryCharge: 0,
    bagCharge: 0,
    discount: 0,
    totalCost: 0,
    ignoreTimeOffset: false,
    paymentType: 0,
    asapFlag: false,
    ...changes,
  };
}

const update = (basketId: string, changes: Record<string, unknown> = {}) => post('/orderbuilder/update', orderUpdate(basketId, changes));

describe('GET /OrderBuilder/create', () => {
  it('answers unguessable 128-bit ids, a new one every time', async () => {
    const created = await Promise.all(Array.from({ length: 50 }, () => call('/OrderBuilder/create')));
    const basketIds = created.map(({ body }) => body.data.basketId as string);
    const refs = created.map(({ body }) => body.data.orderBuilderRef as string);
    for (const id of [...basketIds, ...refs]) {
      expect(id).toMatch(publicIdPattern);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
    expect(new Set([...basketIds, ...refs]).size).toBe(100);
  });

  it('starts the basket empty, in status Created', async () => {
    const basket = await repositories.orders.findBasket(await newBasket());
    expect(basket).toMatchObject({ status: 0, orderType: 0, lines: [], orderRef: null, pricing: { totalCostPence: 0 } });
  });
});

describe('POST /orderbuilder/update', () => {
  it('refuses an unknown basket clearly', async () => {
    const { status, body } = await update('AAAAAAAAAAAAAAAAAAAAAA');
    expect(status).toBe(400);
    expect(body).toEqual({ errorMessage: 'This basket does not exist', validationErrors: [] });
  });

  it('ignores every total the client sends and answers its own, to the penny', async () => {
    const basketId = await newBasket();
    const { status, body } = await update(basketId, {
      orderItems: [line(1, 101, 2, { configId: 1012, itemCost: 0.01, lineCost: 0.02 }), line(1, 102, 1, { itemCost: 0, lineCost: 0 })],
      itemCost: 0.01,
      totalCost: 0.01,
      deliveryCharge: 0,
      bagCharge: 0,
      discount: 99,
    });
    expect(status).toBe(200);
    const order = body.data.order;
    expect(order).toMatchObject({
      basketId,
      itemCost: 12.2,
      orignalItemCost: 12.2,
      discount: 0,
      discountValue: 0,
      profileDiscountValue: 0,
      bagCharge: 0.1,
      deliveryCharge: 0,
      totalCost: 12.3,
      voucherItems: [],
    });
    expect(order.ref).toMatch(publicIdPattern);
    expect(contractErrors('Order', order)).toEqual([]);
    expect(order.orderItems).toEqual([
      expect.objectContaining({ itemId: 101, configId: 1012, configOption: 'Large bag', title: 'Prawn Crackers', quantity: 2, itemCost: 4, lineCost: 8 }),
      expect.objectContaining({ itemId: 102, title: 'Vegetable Spring Rolls (4)', quantity: 1, itemCost: 4.2, lineCost: 4.2 }),
    ]);
    const stored = await repositories.orders.findBasket(basketId);
    expect(stored?.pricing).toEqual({
      originalItemCostPence: 1220,
      discountPence: 0,
      profileDiscountPence: 0,
      discountPercent: 0,
      itemCostPence: 1220,
      bagChargePence: 10,
      deliveryChargePence: 0,
      totalCostPence: 1230,
    });
  });

  it("charges the zone's delivery charge from the postcode, whatever zone and charge the client claims", async () => {
    const basketId = await newBasket();
    const { body } = await update(basketId, {
      orderType: 2,
      orderItems: [line(1, 109, 1)],
      deliveryAddress: leedsAddress,
      deliveryZoneId: 9,
      deliveryCharge: 0,
      totalCost: 1,
    });
    expect(body.data.order).toMatchObject({
      deliveryZoneId: 1,
      deliveryAddress: { ...leedsAddress, postcode: 'LS6 2AB' },
      itemCost: 13.9,
      bagCharge: 0.1,
      deliveryCharge: 1.5,
      totalCost: 15.5,
      status: 3,
    });
    expect(contractErrors('Order', body.data.order)).toEqual([]);
  });

  it('drops a guest\'s vouchers: they get no discount', async () => {
    const basketId = await newBasket();
    const { body } = await update(basketId, {
      voucherItems: [{ voucherId: 1, voucherType: 1, title: 'Five pounds off', percDiscount: 0, quantity: 1, itemCost: -5, lineCost: -5 }],
    });
    expect(body.data.order).toMatchObject({ voucherItems: [], discountValue: 0, itemCost: 4.2, totalCost: 4.3 });
  });

  it('merges lines with the same category, item and config', async () => {
    const basketId = await newBasket();
    const { body } = await update(basketId, {
      orderItems: [line(1, 102, 1), line(1, 101, 1, { configId: 1011 }), line(1, 102, 2), line(1, 101, 1, { configId: 1012 })],
    });
    expect(body.data.order.orderItems.map((item: any) => [item.itemId, item.configId, item.quantity, item.lineCost])).toEqual([
      [102, undefined, 3, 12.6],
      [101, 1011, 1, 2.5],
      [101, 1012, 1, 4],
    ]);
    expect(body.data.order.itemCost).toBe(19.1);
  });

  it('is 400 naming the line for an unknown item, a config of another item or an unavailable item, and writes nothing', async () => {
    const basketId = await newBasket();
    await update(basketId, { orderItems: [line(1, 103, 1)] });
    const before = await repositories.orders.findBasket(basketId);

    const { status, body } = await update(basketId, {
      orderItems: [line(1, 102, 1), line(1, 999, 1), line(1, 101, 1, { configId: 2011 }), line(1, 112, 1)],
    });
    expect(status).toBe(400);
    expect(body.errorMessage).toBeNull();
    expect(body.validationErrors).toEqual([
      { field: 'orderItems[1].itemId', message: 'is not on the menu' },
      { field: 'orderItems[2].configId', message: 'is not an option of this item' },
      { field: 'orderItems[3].itemId', message: 'Soft-shell Crab with Chilli & Garlic is not available at the moment' },
    ]);
    expect(await repositories.orders.findBasket(basketId)).toEqual(before);
  });

  it('refuses malformed contact details by field', async () => {
    const basketId = await newBasket();
    const { status, body } = await update(basketId, { name: 'Ada', phone: '12345', email: 'ada' });
    expect(status).toBe(400);
    expect(body.validationErrors).toEqual([
      { field: 'phone', message: 'must be a UK phone number, for example 0113 496 0123' },
      { field: 'email', message: 'must be an email address, for example name@example.com' },
    ]);
  });

  it('derives the status from what the order holds', async () => {
    const basketId = await newBasket();
    const statusAfter = async (changes: Record<string, unknown>) => (await update(basketId, changes)).body.data.order.status;
    expect(await statusAfter({ orderItems: [] })).toBe(0);
    expect(await statusAfter({ orderType: 0 })).toBe(1);
    expect(await statusAfter({ orderType: 1 })).toBe(2);
    expect(await statusAfter({ orderType: 2, deliveryAddress: { ...leedsAddress, postcode: 'M1 1AE' } })).toBe(2);
    expect(await statusAfter({ orderType: 2, deliveryAddress: leedsAddress })).toBe(3);
    expect(await statusAfter({ orderType: 1, ...contact })).toBe(4);
    expect(await statusAfter({ orderType: 1, ...contact, asapFlag: true })).toBe(5);
    expect(await statusAfter({ orderType: 1, ...contact, requestedTime: '2026-11-24T19:00:00Z' })).toBe(5);
    expect(await statusAfter({ orderType: 1, ...contact, requestedTime: '2026-11-24T18:05:00Z' })).toBe(4);
    expect(await statusAfter({ orderType: 1, ...contact, asapFlag: true, paymentType: 1 })).toBe(6);
  });

  it('leaves a basket consistent after 20 concurrent updates: exactly one of them, priced correctly', async () => {
    const basketId = await newBasket();
    const requests = Array.from({ length: 20 }, (_, index) =>
      orderUpdate(basketId, {
        name: `Customer ${index + 1}`,
        orderItems: [line(1, 102, index + 1), line(1, 103, 20 - index)],
      }),
    );
    const answers = await Promise.all(requests.map((request) => post('/orderbuilder/update', request)));
    expect(answers.map(({ status }) => status)).toEqual(Array(20).fill(200));

    const stored = await repositories.orders.findBasket(basketId);
    if (stored === undefined) throw new Error('the basket is gone');
    const winner = Number(stored.name.replace('Customer ', '')) - 1;
    expect(stored.lines.map((storedLine) => [storedLine.itemId, storedLine.quantity, storedLine.lineCostPence])).toEqual([
      [102, winner + 1, 420 * (winner + 1)],
      [103, 20 - winner, 590 * (20 - winner)],
    ]);
    const itemsPence = 420 * (winner + 1) + 590 * (20 - winner);
    expect(stored.pricing).toMatchObject({ originalItemCostPence: itemsPence, totalCostPence: itemsPence + 10 });
    expect(stored.revision).toBe(20);
  });
});

describe('GET /orderbuilder/checkDelivery/{postcode}', () => {
  it.each(['LS6 2AB', 'ls62ab', 'LS6%202AB'])('answers the zone for %s', async (postcode) => {
    const { status, body } = await call(`/orderbuilder/checkDelivery/${postcode}`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { zone: 1, deliveryCharge: 1.5, validPostCode: true, minimumOrderValue: 12 } });
    expect(contractErrors('DeliveryChargeDetails', body.data)).toEqual([]);
  });

  it('answers validPostCode false out of zone', async () => {
    const { status, body } = await call('/orderbuilder/checkDelivery/M1%201AE');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { zone: null, deliveryCharge: 0, validPostCode: false } });
  });

  it('is a validation failure on postcode when it is not a UK postcode', async () => {
    const { status, body } = await call('/orderbuilder/checkDelivery/LS6');
    expect(status).toBe(400);
    expect(body).toEqual({ errorMessage: null, validationErrors: [{ field: 'postcode', message: 'must be a UK postcode, for example LS6 2AB' }] });
  });
});

describe('GET /orderbuilder/timeSlots/{orderType}', () => {
  it('offers ASAP and quarter hours from the lead time on, never in the past', async () => {
    const collection = (await call('/orderbuilder/timeSlots/1')).body.data;
    const delivery = (await call('/orderbuilder/timeSlots/2')).body.data;
    expect(collection.asapAvailable).toBe(true);
    expect(collection.opensAt).toBeUndefined();
    expect(collection.slots[0]).toBe('2026-11-24T18:30:00.000Z');
    expect(delivery.slots[0]).toBe('2026-11-24T18:45:00.000Z');
    expect(collection.slots.at(-1)).toBe('2026-11-24T22:30:00.000Z');
    expect(contractErrors('TimeSlots', collection)).toEqual([]);
    for (const slot of collection.slots) expect(Date.parse(slot)).toBeGreaterThanOrEqual(now.getTime() + 20 * 60_000);
    for (const slot of delivery.slots) expect(Date.parse(slot)).toBeGreaterThanOrEqual(now.getTime() + 45 * 60_000);
  });

  it("offers the next opening's slots on a Monday, when the restaurant is closed", async () => {
    now = mondayNoon;
    const { body } = await call('/orderbuilder/timeSlots/1');
    expect(body.data.asapAvailable).toBe(false);
    expect(body.data.opensAt).toBe('2026-11-24T17:00:00.000Z');
    expect(body.data.slots[0]).toBe('2026-11-24T17:30:00.000Z');
  });

  it('is 400 for an order type that is neither collection nor delivery', async () => {
    const { status, body } = await call('/orderbuilder/timeSlots/0');
    expect(status).toBe(400);
    expect(body.validationErrors).toEqual([expect.objectContaining({ field: 'orderType' })]);
  });
});

describe('POST /orderbuilder/confirm', () => {
  const readyCollection = { orderType: 1, orderItems: [line(1, 109, 1)], ...contact, asapFlag: true, paymentType: 1 };

  it('confirms once: the same orderRef again, one order, status Confirmed, and no more changes', async () => {
    const basketId = await newBasket();
    expect((await update(basketId, readyCollection)).body.data.order.status).toBe(6);

    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/orderbuilder/confirm', { basketId })));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
    const orderRef = answers[0].body.data.orderRef;
    expect(orderRef).toMatch(publicIdPattern);
    expect(answers.map(({ body }) => body.data.orderRef)).toEqual(Array(5).fill(orderRef));
    expect((await post('/orderbuilder/confirm', { basketId })).body).toEqual({ data: { orderRef, orderNumber: answers[0].body.data.orderNumber } });

    const confirmedRows = await database.db.selectFrom('baskets').select(['basket_id', 'status']).where('order_ref', '=', orderRef).execute();
    expect(confirmedRows).toEqual([{ basket_id: basketId, status: 7 }]);

    const late = await update(basketId, readyCollection);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ errorMessage: 'This order has already been confirmed and can no longer be changed', validationErrors: [] });
  });

  it('confirms a delivery order in zone', async () => {
    const basketId = await newBasket();
    await update(basketId, { ...readyCollection, orderType: 2, deliveryAddress: leedsAddress, requestedTime: '2026-11-24T19:00:00Z', asapFlag: false });
    const { status, body } = await post('/orderbuilder/confirm', { basketId });
    expect(status).toBe(200);
    expect(body.data.orderRef).toMatch(publicIdPattern);
  });

  it.each([
    ['collection', { ...readyCollection, orderItems: [line(1, 102, 1)] }, 'Add £5.80 to collect: the minimum order for collection is £10.00'],
    ['delivery', { ...readyCollection, orderType: 2, deliveryAddress: leedsAddress, orderItems: [line(1, 102, 2)] }, 'Add £3.60 to deliver: the minimum order for delivery is £12.00'],
  ])('refuses a %s basket below its minimum clearly and writes nothing', async (_type, order, message) => {
    const basketId = await newBasket();
    await update(basketId, order);
    const before = await repositories.orders.findBasket(basketId);
    const { status, body } = await post('/orderbuilder/confirm', { basketId });
    expect(status).toBe(400);
    expect(body).toEqual({ errorMessage: message, validationErrors: [] });
    expect(await repositories.orders.findBasket(basketId)).toEqual(before);
  });

  it('refuses an address out of zone', async () => {
    const basketId = await newBasket();
    await update(basketId, { ...readyCollection, orderType: 2, deliveryAddress: { ...leedsAddress, postcode: 'M1 1AE' } });
    const { status, body } = await post('/orderbuilder/confirm', { basketId });
    expect(status).toBe(400);
    expect(body.errorMessage).toBe('Sorry, we do not deliver to M1 1AE');
  });

  it('refuses ASAP while the restaurant is closed, and takes a slot of the next opening', async () => {
    now = mondayNoon;
    const basketId = await newBasket();
    await update(basketId, readyCollection);
    const asap = await post('/orderbuilder/confirm', { basketId });
    expect(asap.body).toEqual({ errorMessage: 'ASAP is not available now: please choose a time', validationErrors: [] });

    await update(basketId, { ...readyCollection, asapFlag: false, requestedTime: '2026-11-24T17:30:00.000Z' });
    const slot = await post('/orderbuilder/confirm', { basketId });
    expect(slot.status).toBe(200);
  });

  it('refuses an unknown or empty basket clearly', async () => {
    expect((await post('/orderbuilder/confirm', { basketId: 'AAAAAAAAAAAAAAAAAAAAAA' })).body).toEqual({
      errorMessage: 'This basket does not exist',
      validationErrors: [],
    });
    expect((await post('/orderbuilder/confirm', { basketId: await newBasket() })).body.errorMessage).toBe('Your basket is empty');
  });
});
