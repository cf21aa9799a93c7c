import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readyOrderUpdate, startOrderingServer, type OrderingServer } from './orderingServer';

// TakeawaySettings.allowCashPayment: cash on collection or delivery only where the restaurant takes it.

let ordering: OrderingServer;

beforeAll(async () => {
  ordering = await startOrderingServer();
});
afterAll(() => ordering?.close());

const CASH_NOT_TAKEN = 'The restaurant is not taking cash at the moment: please pay by PayPal or card';

/** Changes the setting in the database, and waits until the server no longer trusts the core data it read before. */
async function takeCash(allowCashPayment: boolean) {
  ordering.execute('update takeaway_settings set allow_cash_payment = ?', allowCashPayment ? 1 : 0);
  await vi.waitFor(
    async () => expect((await ordering.call('/restaurant/coreRestaurantData')).body.data.restaurantData.takeawaySettings.allowCashPayment).toBe(allowCashPayment),
    { timeout: 5_000, interval: 200 },
  );
}

async function cashBasket(): Promise<string> {
  const basketId = await ordering.newBasket();
  expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 1 }))).status).toBe(200);
  return basketId;
}

describe('cash on collection or delivery', () => {
  it('is taken by default: the demo restaurant says so, and a cash order is placed', async () => {
    const { body } = await ordering.call('/restaurant/coreRestaurantData');
    expect(body.data.restaurantData.takeawaySettings.allowCashPayment).toBe(true);
    const confirmed = await ordering.post('/orderbuilder/confirm', { basketId: await cashBasket() });
    expect(confirmed.status).toBe(200);
  });

  it('is refused, with the reason, by an update and by a confirmation where the restaurant takes no cash', async () => {
    const chosenBefore = await cashBasket();
    await takeCash(false);
    try {
      const basketId = await ordering.newBasket();
      const update = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 1 }));
      expect(update.status).toBe(400);
      expect(update.body).toEqual({ errorMessage: null, validationErrors: [{ field: 'paymentType', message: CASH_NOT_TAKEN }] });

      const confirmed = await ordering.post('/orderbuilder/confirm', { basketId: chosenBefore });
      expect(confirmed.status).toBe(400);
      expect(confirmed.body.errorMessage).toBe(CASH_NOT_TAKEN);

      // Paying online, or not having chosen yet, is still fine.
      expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 2 }))).status).toBe(200);
      expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { paymentType: 0 }))).status).toBe(200);
    } finally {
      await takeCash(true);
    }
  });
});
