import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPayPalFake, type PayPalFake, type PayPalFakeControl } from '../../src/server/local/payPal/payPalFake';
import { startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';
import { paidOrder, queryDatabase } from './payPalSupport';

// docs/payments.md "Money that ends right": the acceptance changes of an order paid online take, release or return
// its money at PayPal once, through the outbox and its worker, against the real server and the loopback PayPal fake.

let ordering: OrderingServer;
let fake: PayPalFakeControl;
let staffToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  fake = ordering.server.payPalFakeControl!;
  staffToken = await ordering.staffToken();
});
afterAll(() => ordering?.close());
beforeEach(() => {
  fake.reset();
  ordering.now = tuesdayEvening;
});

interface PaymentRow {
  state: string;
  authorization_id: string;
  capture_id: string | null;
  refund_id: string | null;
}
interface OutboxRow {
  operation: string;
  done_at: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
}

const query = queryDatabase;
const paymentRow = (basketId: string, server = ordering) =>
  query<PaymentRow>(server, 'select * from payments where basket_id = ?', basketId)[0];
const outboxRows = (basketId: string, server = ordering) =>
  query<OutboxRow>(server, 'select * from payment_outbox where basket_id = ? order by id', basketId);
const basketStatus = (basketId: string) =>
  query<{ status: number }>(ordering, 'select status from baskets where basket_id = ?', basketId)[0].status;

/** An order paid online and its acceptance requested, its money held. */
async function heldOrder(server = ordering, fakeUrl = server.server.payPalFakeUrl!): Promise<{ basketId: string; orderRef: string }> {
  const placed = await paidOrder(server, undefined, fakeUrl);
  expect(paymentRow(placed.basketId, server).state).toBe('authorised');
  return placed;
}

const kitchen = (orderRef: string, action: string, body: unknown = {}, server = ordering, token = staffToken) =>
  server.post(`/kitchen/orders/${orderRef}/${action}`, body, token);

/** Waits for the worker to settle the payment in `state`; answers the payment. */
async function settled(basketId: string, state: string, server = ordering): Promise<PaymentRow> {
  await vi.waitFor(() => expect(paymentRow(basketId, server).state).toBe(state), { timeout: 10_000, interval: 50 });
  return paymentRow(basketId, server);
}

const done = (operation: string) => expect.objectContaining({ operation, done_at: expect.any(String), attempts: 0, last_error: null });
const performed = (control = fake) => control.orders().performed;

describe('the restaurant accepts an order paid online', () => {
  it('takes the held money once, with the capture stored', async () => {
    const { basketId, orderRef } = await heldOrder();
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);

    const payment = await settled(basketId, 'captured');
    const [capture] = fake.orders().captures;
    expect(capture).toMatchObject({ status: 'COMPLETED' });
    expect(payment.capture_id).toBe(capture.id);
    expect(outboxRows(basketId)).toEqual([done('capture')]);
    expect(performed()).toMatchObject({ capture: 1, void: 0, refund: 0 });
  });

  it('takes it once however often the kitchen accepts, one after another or all at once', async () => {
    const { basketId, orderRef } = await heldOrder();
    const answers = await Promise.all(Array.from({ length: 8 }, () => kitchen(orderRef, 'accept')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    await settled(basketId, 'captured');
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    // Long enough for a second capture to have been sent, were one queued.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outboxRows(basketId)).toEqual([done('capture')]);
    expect(performed().capture).toBe(1);
  });

  it('retries a capture PayPal failed with a 5xx, later, and ends captured once', async () => {
    fake.failNext('capture', 'server-error');
    const { basketId, orderRef } = await heldOrder();
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);

    await vi.waitFor(() => expect(outboxRows(basketId)[0].attempts).toBe(1), { timeout: 10_000, interval: 50 });
    expect(outboxRows(basketId)).toEqual([
      expect.objectContaining({
        done_at: null,
        last_error: expect.stringContaining('500'),
        next_attempt_at: new Date(tuesdayEvening.getTime() + 5_000).toISOString(),
      }),
    ]);
    expect(paymentRow(basketId).state).toBe('capture_due');

    ordering.now = new Date(tuesdayEvening.getTime() + 5_000);
    await settled(basketId, 'captured');
    expect(outboxRows(basketId)).toEqual([expect.objectContaining({ operation: 'capture', done_at: expect.any(String), attempts: 1 })]);
    expect(performed().capture).toBe(1);
  });
});

describe('an order paid online that falls through before acceptance', () => {
  it('releases the held money when the kitchen refuses it, once', async () => {
    const { basketId, orderRef } = await heldOrder();
    const refusal = { reason: 'Closing early tonight' };
    await Promise.all([kitchen(orderRef, 'refuse', refusal), kitchen(orderRef, 'refuse', refusal)]);
    await settled(basketId, 'voided');
    expect(outboxRows(basketId)).toEqual([done('void')]);
    expect(fake.orders().authorizations).toEqual([expect.objectContaining({ status: 'VOIDED' })]);
    expect(performed()).toMatchObject({ capture: 0, void: 1 });
  });

  it('releases it when the request is refused automatically', async () => {
    const { basketId } = await heldOrder();
    ordering.now = new Date(tuesdayEvening.getTime() + 600_000);
    const details = await ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`);
    expect(details.body.data.orderRequest.orderStatus).toBe(3);
    await settled(basketId, 'voided');
    expect(performed().void).toBe(1);
  });

  it('releases it when the customer cancels, and the kitchen cannot then take it', async () => {
    const { basketId, orderRef } = await heldOrder();
    expect((await ordering.post(`/orderbuilder/cancel/${basketId}`)).status).toBe(200);
    await settled(basketId, 'voided');
    expect((await kitchen(orderRef, 'accept')).status).toBe(400);
    expect(outboxRows(basketId)).toEqual([done('void')]);
    expect(performed()).toMatchObject({ capture: 0, void: 1 });
  });
});

describe('an accepted order paid online given back from the dashboard', () => {
  it('returns the taken money when it is cancelled, once, and marks it PayPalRefunded when refunded', async () => {
    const { basketId, orderRef } = await heldOrder();
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    const cancel = () => kitchen(orderRef, 'status', { kitchenStatus: 4 });
    const [cancelled] = await Promise.all([cancel(), cancel()]);
    expect(cancelled.status).toBe(200);

    const payment = await settled(basketId, 'refunded');
    const [refund] = fake.orders().refunds;
    expect(payment).toMatchObject({ capture_id: fake.orders().captures[0].id, refund_id: refund.id });
    expect(outboxRows(basketId)).toEqual([done('capture'), done('refund')]);
    expect(basketStatus(basketId)).toBe(7);

    expect((await kitchen(orderRef, 'status', { kitchenStatus: 5 })).status).toBe(200);
    expect(basketStatus(basketId)).toBe(8);
    expect(outboxRows(basketId)).toHaveLength(2);
    expect(performed()).toMatchObject({ capture: 1, void: 0, refund: 1 });
  });

  it('refunds a completed order refunded from the dashboard', async () => {
    const { basketId, orderRef } = await heldOrder();
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    await settled(basketId, 'captured');
    for (const kitchenStatus of [1, 2, 6]) expect((await kitchen(orderRef, 'status', { kitchenStatus })).status).toBe(200);
    expect((await kitchen(orderRef, 'status', { kitchenStatus: 5 })).status).toBe(200);
    await settled(basketId, 'refunded');
    expect(basketStatus(basketId)).toBe(8);
    expect(performed()).toMatchObject({ capture: 1, refund: 1 });
  });
});

describe('a restart', () => {
  let payPal: PayPalFake;
  let dataDir: string;
  beforeAll(async () => {
    payPal = await startPayPalFake({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'money-flow-restart-'));
  });
  afterAll(async () => {
    await payPal?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes, at start-up, a step that was due when the server stopped', async () => {
    const before = await startOrderingServer({ dataDir, payPalFakeUrl: payPal.url });
    const { basketId, orderRef } = await heldOrder(before, payPal.url);
    payPal.control.failNext('capture', 'server-error');
    expect((await kitchen(orderRef, 'accept', {}, before, await before.staffToken())).status).toBe(200);
    await vi.waitFor(() => expect(outboxRows(basketId, before)[0].attempts).toBe(1), { timeout: 10_000, interval: 50 });
    await before.close();
    expect(paymentRow(basketId, before).state).toBe('capture_due');

    const after = await startOrderingServer({ dataDir, payPalFakeUrl: payPal.url, now: new Date(tuesdayEvening.getTime() + 60_000) });
    try {
      await settled(basketId, 'captured', after);
      expect(performed(payPal.control).capture).toBe(1);
    } finally {
      await after.close();
    }
  });
});
