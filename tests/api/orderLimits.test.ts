import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readyOrderUpdate, startOrderingServer, type OrderingServer } from './orderingServer';

// TakeawaySettings.maximumCashOrderValue and maximumOrderValue: larger orders are placed by phone.

let ordering: OrderingServer;
let phone: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  phone = (await ordering.call('/restaurant/coreRestaurantData')).body.data.restaurantData.phone;
});
afterAll(() => ordering?.close());

/** Mixed Starter for Two, £13.90 each, with the £0.10 bag: 10 cost £139.10, 11 £153.00, 35 £486.60 and 36 £500.50. */
const starters = (quantity: number, paymentType: 1 | 2) =>
  readyOrderUpdate('', { paymentType, orderItems: [{ categoryId: 1, itemId: 109, quantity, title: 'Mixed Starter for Two', itemCost: 0, lineCost: 0 }] });

async function update(basketId: string, quantity: number, paymentType: 1 | 2) {
  return ordering.post('/orderbuilder/update', { ...starters(quantity, paymentType), basketId });
}

async function setLimits(maximumCashPence: number, maximumPence: number) {
  ordering.execute('update takeaway_settings set maximum_cash_order_value = ?, maximum_order_value = ?', maximumCashPence, maximumPence);
  await vi.waitFor(
    async () =>
      expect((await ordering.call('/restaurant/coreRestaurantData')).body.data.restaurantData.takeawaySettings).toMatchObject({
        maximumCashOrderValue: maximumCashPence / 100,
        maximumOrderValue: maximumPence / 100,
      }),
    { timeout: 5_000, interval: 200 },
  );
}

describe('the largest orders taken online', () => {
  it('are £150 in cash and £500 in all at the demo restaurant', async () => {
    const { body } = await ordering.call('/restaurant/coreRestaurantData');
    expect(body.data.restaurantData.takeawaySettings).toMatchObject({ maximumCashOrderValue: 150, maximumOrderValue: 500 });
    expect(phone).toMatch(/^[0-9 ]+$/);
  });

  it('refuses a cash order over the cash limit at paymentType, saying whom to phone, and saves nothing', async () => {
    const basketId = await ordering.newBasket();
    expect((await update(basketId, 10, 1)).status).toBe(200);
    const before = ordering.orderRows();

    const refused = await update(basketId, 11, 1);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errorMessage: null,
      validationErrors: [{ field: 'paymentType', message: `Orders over £150.00 paid in cash must be placed by phone: please call ${phone}` }],
    });
    expect(ordering.orderRows()).toEqual(before);
    // The basket kept its last good state, which can still be placed.
    expect((await ordering.post('/orderbuilder/confirm', { basketId })).status).toBe(200);
  });

  it('takes the same order paid online, up to the largest order', async () => {
    const basketId = await ordering.newBasket();
    expect((await update(basketId, 11, 2)).status).toBe(200);
    const largest = await update(basketId, 35, 2);
    expect(largest.status).toBe(200);
    expect(largest.body.data.order.totalCost).toBe(486.6);
  });

  it('refuses any order over the largest order at orderItems, however it is paid, and saves nothing', async () => {
    const basketId = await ordering.newBasket();
    expect((await update(basketId, 1, 2)).status).toBe(200);
    const before = ordering.orderRows();
    for (const paymentType of [1, 2] as const) {
      const refused = await update(basketId, 36, paymentType);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        errorMessage: null,
        validationErrors: [{ field: 'orderItems', message: `Orders over £500.00 must be placed by phone: please call ${phone}` }],
      });
    }
    // 9,900 items, each line at its most (99), never reach the kitchen either.
    const hundredLines = Array.from({ length: 100 }, (_, index) => ({ categoryId: 1, itemId: 109, quantity: 99, title: 'x', itemCost: 0, lineCost: 0, specialRequest: `${index}` }));
    const bulk = await ordering.post('/orderbuilder/update', { ...starters(1, 1), basketId, orderItems: hundredLines });
    expect(bulk.status).toBe(400);
    expect(ordering.orderRows()).toEqual(before);
  });

  it('refuses a confirmation over a limit lowered since the basket was saved, with the same words', async () => {
    const basketId = await ordering.newBasket();
    expect((await update(basketId, 10, 1)).status).toBe(200);
    await setLimits(10_000, 50_000);
    try {
      const before = ordering.orderRows();
      const refused = await ordering.post('/orderbuilder/confirm', { basketId });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ errorMessage: `Orders over £100.00 paid in cash must be placed by phone: please call ${phone}`, validationErrors: [] });
      expect(ordering.orderRows()).toEqual(before);
    } finally {
      await setLimits(15_000, 50_000);
    }
  });
});
