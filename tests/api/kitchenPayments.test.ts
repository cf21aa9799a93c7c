import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayPalFakeControl } from '../../src/server/local/payPal/payPalFake';
import { startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';
import { paidOrder, queryDatabase, type Approval } from './payPalSupport';

// The kitchen ticket's payment (docs/payments.md): how the order was paid, where its money is as the restaurant's
// answers move it at the loopback PayPal fake, and a PayPal step that keeps failing shown to staff.

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

const card: Approval = { paymentSource: 'card', card: { number: '4111111111111111', expiry: '12/30', securityCode: '123' } };

async function ticketPayment(orderRef: string) {
  const { status, body } = await ordering.call('/kitchen/orders', { token: staffToken });
  expect(status).toBe(200);
  const ticket = body.data.orders.find((order: { orderRef: string }) => order.orderRef === orderRef);
  expect(ticket).toBeDefined();
  return ticket.payment;
}

/** Waits until the ticket says the money is `money` (the outbox worker sends each step a moment after it is queued). */
async function moneyBecomes(orderRef: string, money: string) {
  await vi.waitFor(async () => expect((await ticketPayment(orderRef)).money).toBe(money), { timeout: 10_000, interval: 100 });
  return ticketPayment(orderRef);
}

const kitchen = (orderRef: string, action: string, body: unknown = {}) => ordering.post(`/kitchen/orders/${orderRef}/${action}`, body, staffToken);

describe('the kitchen ticket of an order paid online', () => {
  it('shows a cash order as cash, with no money online', async () => {
    const { orderRef } = await ordering.requestedOrder();
    expect(await ticketPayment(orderRef)).toEqual({ method: 'cash', money: null, problem: null, honour: null });
  });

  it('shows the money held once the order is placed, and taken once the restaurant accepts it', async () => {
    const { orderRef } = await paidOrder(ordering);
    expect(await ticketPayment(orderRef)).toEqual({ method: 'paypal', money: 'held', problem: null, honour: null });

    const accepted = await kitchen(orderRef, 'accept');
    expect(accepted.status).toBe(200);
    // The acceptance's own answer already says the money is on its way.
    expect(['taking', 'taken']).toContain(accepted.body.data.ticket.payment.money);
    expect(await moneyBecomes(orderRef, 'taken')).toEqual({ method: 'paypal', money: 'taken', problem: null, honour: null });
  });

  it('says a card payment was paid by card', async () => {
    const { orderRef } = await paidOrder(ordering, card);
    expect(await ticketPayment(orderRef)).toEqual({ method: 'card', money: 'held', problem: null, honour: null });
  });

  it('shows the money released when the restaurant refuses the order', async () => {
    const { orderRef } = await paidOrder(ordering);
    expect((await kitchen(orderRef, 'refuse', { reason: 'Closing early tonight' })).status).toBe(200);
    expect(await moneyBecomes(orderRef, 'released')).toEqual({ method: 'paypal', money: 'released', problem: null, honour: null });
  });

  it('shows the money returned when an accepted order is cancelled', async () => {
    const { orderRef } = await paidOrder(ordering, card);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    await moneyBecomes(orderRef, 'taken');
    expect((await kitchen(orderRef, 'status', { kitchenStatus: 4 })).status).toBe(200);
    expect(await moneyBecomes(orderRef, 'returned')).toEqual({ method: 'card', money: 'returned', problem: null, honour: null });
  });

  it('tells staff once PayPal has refused to take the money 3 times, and no more once it has', async () => {
    fake.failNext('capture', 'server-error', 3);
    const { basketId, orderRef } = await paidOrder(ordering);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);

    const attempts = () => queryDatabase<{ attempts: number }>(ordering, 'select attempts from payment_outbox where basket_id = ?', basketId)[0]?.attempts;
    for (const failed of [1, 2]) {
      await vi.waitFor(() => expect(attempts()).toBe(failed), { timeout: 10_000, interval: 50 });
      expect(await ticketPayment(orderRef)).toEqual({ method: 'paypal', money: 'taking', problem: null, honour: null });
      // Past the worker's backoff, so the step is tried again.
      ordering.now = new Date(ordering.now.getTime() + 3_600_000);
    }
    await vi.waitFor(() => expect(attempts()).toBe(3), { timeout: 10_000, interval: 50 });
    const refused = await ticketPayment(orderRef);
    expect(refused).toMatchObject({ method: 'paypal', money: 'taking' });
    expect(refused.problem).toMatch(/^PayPal has refused to take the money 3 times: .*500/);
    expect(refused.problem).not.toContain('\n');

    ordering.now = new Date(ordering.now.getTime() + 3_600_000);
    expect(await moneyBecomes(orderRef, 'taken')).toEqual({ method: 'paypal', money: 'taken', problem: null, honour: null });
  });
});
