import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';
import { paidOrder } from './payPalSupport';

// A refusal that names the dishes the kitchen cannot make, "Order again" without them, and what the customer's request
// says about the money (docs/acceptance-and-kitchen.md, docs/payments.md).

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

const wingsAndStarter = {
  orderItems: [
    { categoryId: 1, itemId: 105, quantity: 2, title: 'Salt & Pepper Chicken Wings', itemCost: 0, lineCost: 0 },
    { categoryId: 1, itemId: 109, quantity: 1, title: 'Mixed Starter for Two', itemCost: 0, lineCost: 0 },
  ],
};
const details = async (basketId: string) => (await ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`)).body.data.orderRequest;
const refuse = (orderRef: string, body: unknown, token = staffToken) => ordering.post(`/kitchen/orders/${orderRef}/refuse`, body, token);

describe('POST /kitchen/orders/{orderId}/refuse with unavailableLines', () => {
  it('stores the lines named, and the customer reads them by name', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder(wingsAndStarter);
    const refused = await refuse(orderRef, { reason: 'Item unavailable', unavailableLines: [0] });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(await details(basketId)).toMatchObject({ orderStatus: 3, refusalReason: 'Item unavailable', unavailableItems: ['Salt & Pepper Chicken Wings'] });

    // Refusing again changes nothing, the lines included.
    const rows = ordering.orderRows();
    expect((await refuse(orderRef, { reason: 'Too busy', unavailableLines: [1] })).status).toBe(200);
    expect(ordering.orderRows()).toEqual(rows);
    expect((await details(basketId)).unavailableItems).toEqual(['Salt & Pepper Chicken Wings']);
  });

  it('refuses a line the order does not have, naming the field, and writes nothing', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder(wingsAndStarter);
    const rows = ordering.orderRows();
    const foreign = await refuse(orderRef, { reason: 'Item unavailable', unavailableLines: [0, 2] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorMessage).toBeNull();
    expect(foreign.body.validationErrors).toEqual([{ field: 'unavailableLines', message: expect.stringContaining('no line 3') }]);
    expect(ordering.orderRows()).toEqual(rows);
    expect(await details(basketId)).toMatchObject({ orderStatus: 0, unavailableItems: [] });
  });

  it.each([
    ['a negative line', [-1]],
    ['a line twice', [0, 0]],
    ['a line that is not a number', ['0']],
  ])('refuses %s by the contract and writes nothing', async (_, unavailableLines) => {
    const { orderRef } = await ordering.requestedOrder(wingsAndStarter);
    const rows = ordering.orderRows();
    const answer = await refuse(orderRef, { reason: 'Item unavailable', unavailableLines });
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors.map((failure: { field: string }) => failure.field).join()).toContain('unavailableLines');
    expect(ordering.orderRows()).toEqual(rows);
  });

  it('is for the kitchen only', async () => {
    const { orderRef } = await ordering.requestedOrder(wingsAndStarter);
    const rows = ordering.orderRows();
    expect((await refuse(orderRef, { reason: 'Item unavailable', unavailableLines: [0] }, await ordering.customerToken())).status).toBe(403);
    expect(ordering.orderRows()).toEqual(rows);
  });
});

describe('POST /orderbuilder/orderAgain/{basketId}', () => {
  it('starts a basket of the refused order without the lines the kitchen named, and names them', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder(wingsAndStarter);
    await refuse(orderRef, { reason: 'Item unavailable', unavailableLines: [0] });
    const again = await ordering.post(`/orderbuilder/orderAgain/${basketId}`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.items).toEqual([expect.objectContaining({ itemId: 109, quantity: 1, title: 'Mixed Starter for Two' })]);
    expect(again.body.data.removedItems).toEqual(['Salt & Pepper Chicken Wings']);
    expect(again.body.data.basketId).not.toBe(basketId);
  });

  it('gives a cancelled order back whole, and refuses an order still waiting or accepted', async () => {
    const cancelled = await ordering.requestedOrder(wingsAndStarter);
    await ordering.post(`/orderbuilder/cancel/${cancelled.basketId}`);
    expect((await ordering.post(`/orderbuilder/orderAgain/${cancelled.basketId}`)).body.data.items).toHaveLength(2);

    const waiting = await ordering.requestedOrder(wingsAndStarter);
    const rows = ordering.orderRows();
    const refused = await ordering.post(`/orderbuilder/orderAgain/${waiting.basketId}`);
    expect(refused).toEqual({ status: 400, body: { errorMessage: 'Only an order the restaurant refused or you cancelled can be ordered again', validationErrors: [] } });
    expect(ordering.orderRows()).toEqual(rows);
    expect((await ordering.post('/orderbuilder/orderAgain/AAAAAAAAAAAAAAAAAAAAAA')).body.errorMessage).toBe('We cannot find this order');
  });
});

describe("the customer's request says where the money is", () => {
  it('a cash order: nothing charged', async () => {
    const { basketId } = await ordering.requestedOrder();
    expect((await details(basketId)).payment).toEqual({ method: 'cash', money: null, amount: 14, cashInstead: false });
  });

  it('a card order: held, then released once cancelled', async () => {
    const { basketId } = await paidOrder(ordering, { paymentSource: 'card', card: { number: '4111111111111111', expiry: '12/30', securityCode: '123' } });
    const held = (await details(basketId)).payment;
    expect(held).toMatchObject({ method: 'card', money: 'held' });
    expect(held.amount).toBeGreaterThan(0);
    await ordering.post(`/orderbuilder/cancel/${basketId}`);
    expect(['releasing', 'released']).toContain((await details(basketId)).payment.money);
  });
});
