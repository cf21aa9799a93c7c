import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrder } from './payPalSupport';
import { readyOrderUpdate, startOrderingServer, type OrderingServer } from './orderingServer';

// The short order number people read out (docs/acceptance-and-kitchen.md, "Identifiers"): answered by the
// confirmation, and carried by every answer the customer's pages, the kitchen and the account read an order from.

let ordering: OrderingServer;

beforeAll(async () => {
  ordering = await startOrderingServer();
});
afterAll(() => ordering?.close());

/** Tuesday 24 November 2026 at `time` in London (GMT). */
const tuesdayAt = (time: string) => new Date(`2026-11-24T${time}:00Z`);

describe('the order number', () => {
  it("is the day's next number from the confirmation, and every order answer carries it", async () => {
    ordering.now = tuesdayAt('17:30');
    const first = await ordering.requestedOrder();
    const second = await ordering.requestedOrder();
    const paid = await paidOrder(ordering);
    expect([first.orderNumber, second.orderNumber, paid.orderNumber]).toEqual([1, 2, 3]);

    const { orderRef, basketId, orderNumber } = second;
    // Confirming again answers the same number.
    expect((await ordering.post('/orderbuilder/confirm', { basketId })).body.data).toEqual({ orderRef, orderNumber });
    expect((await ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`)).body.data.orderRequest).toMatchObject({ orderRef, orderNumber });
    expect((await ordering.call(`/order/GetActiveOrder/${orderRef}`)).body.data.order).toMatchObject({ orderRef, orderNumber });
    expect((await ordering.call(`/order/OrderDetails/${orderRef}`)).body.data.orderDetails).toMatchObject({ orderRef, orderNumber });
    const tickets = (await ordering.call('/kitchen/orders', { token: await ordering.staffToken() })).body.data.orders;
    expect(tickets.find((ticket: { orderRef: string }) => ticket.orderRef === orderRef)).toMatchObject({ orderNumber });
    expect(tickets.find((ticket: { orderRef: string }) => ticket.orderRef === paid.orderRef)).toMatchObject({ orderNumber: 3 });
  });

  it("starts again at 1 on London's next day, and an abandoned basket takes none", async () => {
    ordering.now = tuesdayAt('18:00');
    const abandoned = await ordering.newBasket();
    expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(abandoned))).status).toBe(200);
    const lastOfTuesday = await ordering.requestedOrder();
    expect(lastOfTuesday.orderNumber).toBeGreaterThan(1);
    ordering.now = new Date('2026-11-25T17:00:00Z');
    expect((await ordering.requestedOrder()).orderNumber).toBe(1);
    expect((await ordering.requestedOrder()).orderNumber).toBe(2);
  });

  it('two orders confirmed at the same moment never share a number', async () => {
    ordering.now = new Date('2026-11-26T17:00:00Z');
    const baskets = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const basketId = await ordering.newBasket();
        expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId))).status).toBe(200);
        return basketId;
      }),
    );
    const confirmed = await Promise.all(baskets.map((basketId) => ordering.post('/orderbuilder/confirm', { basketId })));
    const numbers = confirmed.map((answer) => answer.body.data.orderNumber as number).sort((first, second) => first - second);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  });

  it("is in the signed-in customer's previous orders", async () => {
    ordering.now = tuesdayAt('19:00');
    const customer = await ordering.newCustomer();
    await ordering.createAccount(customer);
    const basketId = await ordering.newBasket();
    expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { email: customer.email }), customer.idToken)).status).toBe(200);
    const confirmed = await ordering.post('/orderbuilder/confirmAuth', { basketId }, customer.idToken);
    const account = (await ordering.call('/account/GetAccount', { token: customer.idToken })).body.data.account;
    expect(account.orders[0]).toMatchObject({ orderRef: confirmed.body.data.orderRef, orderNumber: confirmed.body.data.orderNumber });
  });
});
