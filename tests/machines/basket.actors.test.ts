import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createBasketActor, type BasketActor } from '../../src/actors/basket';
import { callApi, createApiClient, type ApiClient } from '../../src/api/client';
import { createBasketStorage, BASKET_STORAGE_KEY, type BasketStorage } from '../../src/platform/basketStorage';
import { startServer, type RunningServer } from '../../src/server/main';
import { basketStatusOf, needsFix, redirectForStep, type BasketEvent, type Menu } from '../../machines/basket/basketMachine';
import { deliveryMessages } from '../../machines/basket/basketForms';
import type { NewBasketLine } from '../../machines/basket/basketLines';
import { confirmBasket, NO_MINIMUMS } from './basketServerAnswers';

// The real server on a fresh SQLite database with the demo restaurant, its clock fixed on a Tuesday evening when
// the restaurant is open; the real API client over HTTP; the basket actor as the app makes it.
const tuesdayEvening = new Date('2026-11-24T18:00:00Z');

let server: RunningServer;
let dataDir: string;
let api: ApiClient;
let menu: Menu;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'basket-actor-test-'));
  server = await startServer(
    {
      port: 0,
      dataDir,
      siteRoot: join(dataDir, 'no-site'),
      logLevel: 'silent',
      identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
      payPal: { mode: 'local', fakePort: 0, fakeUrl: undefined },
      clock: () => tuesdayEvening,
    },
    {},
  );
  api = createApiClient({
    baseUrl: `${server.url}/api`,
    applicationKey: 'takeaway-web',
    siteKey: 'demo-site',
    identity: { currentIdToken: () => undefined, fetchIdTokenWithoutCache: async () => undefined, isSignedIn: () => false },
  });
  const core = await callApi(api.GET('/restaurant/coreRestaurantData'));
  if (!core.ok) throw new Error('The core data did not load');
  const loaded = await callApi(api.GET('/menu/getMenu/{menuId}', { params: { path: { menuId: core.data.restaurantData.menuId } } }));
  if (!loaded.ok) throw new Error('The menu did not load');
  menu = loaded.data;
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function memoryStorage(): { storage: BasketStorage; memory: Map<string, string> } {
  const memory = new Map<string, string>();
  const storage = createBasketStorage({
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  });
  return { storage, memory };
}

/** The first available item of the menu, as the menu screen would add it (with its first option, if it has any). */
function firstLineOf(menu: Menu, quantity: number): NewBasketLine {
  for (const category of [...menu.categories].sort((a, b) => a.categoryOrder - b.categoryOrder)) {
    const item = category.items.find((candidate) => candidate.available);
    if (!item) continue;
    const option = item.configItems[0];
    return {
      categoryId: category.categoryId,
      itemId: item.itemId,
      ...(option ? { configId: option.configId, configOption: option.configItem } : {}),
      title: item.title,
      quantity,
      itemCost: item.itemCost + (option?.extraCost ?? 0),
    };
  }
  throw new Error('The demo menu has no available item');
}

async function send(basket: BasketActor, ...events: BasketEvent[]) {
  for (const event of events) {
    basket.send(event);
    await waitFor(basket, (snapshot) => !snapshot.hasTag('busy'), { timeout: 5000 });
  }
  return basket.getSnapshot();
}

const contact = { name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' };

describe('the basket actor against the real API', () => {
  it('takes a guest collection order paying cash to confirmed, saving every step', async () => {
    const { storage, memory } = memoryStorage();
    const basket = createBasketActor({ api, storage, menu, client: { os: 'Linux', osVersion: 'x86_64' } });
    // Enough to pass the collection minimum, whatever the item costs.
    const line = firstLineOf(menu, Math.ceil(12 / firstLineOf(menu, 1).itemCost));

    const atContact = await send(basket, { type: 'ADD_ITEM', line: { ...line, itemCost: 0.01 } }, { type: 'CHOOSE_ORDER_TYPE', orderType: 1 }, { type: 'SETTINGS', minimums: NO_MINIMUMS }, confirmBasket, { type: 'SUBMIT_CONTACT', ...contact });
    expect(needsFix(atContact)).toBe(false);
    expect(basketStatusOf(atContact)).toBe(4);
    // The server's price, not the one the client sent.
    expect(atContact.context.lines[0]?.itemCost).toBe(line.itemCost);
    expect(atContact.context.totals?.totalCost).toBeGreaterThan(atContact.context.totals!.itemCost);

    // A reload here: the saved basket comes back at the same step with the same lines.
    const reloaded = createBasketActor({ api, storage: memoryStorage().storage });
    expect(basketStatusOf(reloaded.getSnapshot())).toBe(0);
    reloaded.stop();
    const restored = createBasketActor({ api, storage, menu });
    expect(basketStatusOf(restored.getSnapshot())).toBe(4);
    expect(restored.getSnapshot().context.lines).toEqual(atContact.context.lines);
    expect(redirectForStep(restored.getSnapshot(), '/checkout')).toBe('/orderTime');
    basket.stop();

    // The price the client sent was not the menu's: the customer is told, and acknowledges it before placing the order.
    expect(restored.getSnapshot().context.repricedItems).toEqual([expect.stringMatching(/: was £0\.01, now £/)]);
    const confirmed = await send(restored, { type: 'SUBMIT_TIME', asap: true }, { type: 'CHOOSE_PAYMENT', paymentType: 1 }, { type: 'DISMISS_REMOVED_ITEMS' }, { type: 'CONFIRM_ORDER' });
    expect(confirmed.context.error).toBeUndefined();
    expect(basketStatusOf(confirmed)).toBe(7);
    expect(confirmed.context.orderRef).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(memory.get(BASKET_STORAGE_KEY)!).context.orderRef).toBe(confirmed.context.orderRef);
    restored.stop();
  });

  it('checks a delivery postcode with the server: out of zone stays with a message, LS6 takes the zone charge', async () => {
    const basket = createBasketActor({ api, storage: memoryStorage().storage, menu });
    await send(basket, { type: 'ADD_ITEM', line: firstLineOf(menu, 4) }, { type: 'CHOOSE_ORDER_TYPE', orderType: 2 }, { type: 'SETTINGS', minimums: NO_MINIMUMS }, confirmBasket);
    const address = { address1: '3 Cardigan Road', address2: '', town: 'Leeds' };

    const refused = await send(basket, { type: 'SUBMIT_DELIVERY', ...address, postcode: 'yo1 7hh' });
    expect(refused.context.fieldErrors.postcode).toBe(deliveryMessages.outOfZone('YO1 7HH'));
    expect(basketStatusOf(refused)).toBe(2);

    const accepted = await send(basket, { type: 'SUBMIT_DELIVERY', ...address, postcode: 'ls6 2ab' });
    expect(accepted.context.fieldErrors).toEqual({});
    expect(basketStatusOf(accepted)).toBe(3);
    expect(accepted.context.delivery).toMatchObject({ postcode: 'LS6 2AB', deliveryZoneId: 1, deliveryCharge: 1.5 });
    expect(accepted.context.totals?.deliveryCharge).toBe(1.5);
    basket.stop();
  });

  it('revalidates a basket saved under an older menu: a vanished item is removed, named and the order saved', async () => {
    const { storage, memory } = memoryStorage();
    const basket = createBasketActor({ api, storage, menu });
    await send(basket, { type: 'ADD_ITEM', line: firstLineOf(menu, 1) });
    basket.stop();

    // As if saved under the previous menu, which still had a dish the current one has dropped.
    const saved = JSON.parse(memory.get(BASKET_STORAGE_KEY)!);
    saved.context.menuVersion = menu.menuVersion - 1;
    saved.context.lines.push({ categoryId: saved.context.lines[0].categoryId, itemId: 999999, title: 'Discontinued Dish', quantity: 1, itemCost: 5, lineCost: 5 });
    memory.set(BASKET_STORAGE_KEY, JSON.stringify(saved));

    const restored = createBasketActor({ api, storage, menu });
    const revalidated = await waitFor(restored, (snapshot) => !snapshot.hasTag('busy'), { timeout: 5000 });
    expect(revalidated.context.removedItems).toEqual(['Discontinued Dish']);
    expect(revalidated.context.lines.map((line) => line.itemId)).toEqual([firstLineOf(menu, 1).itemId]);
    expect(revalidated.context.menuVersion).toBe(menu.menuVersion);
    expect(needsFix(revalidated)).toBe(false);
    restored.stop();
  });

  it('starts a new basket when the saved one is corrupt', () => {
    const { storage, memory } = memoryStorage();
    memory.set(BASKET_STORAGE_KEY, '{"status":"active","value":{"journey":"nowhere"}}');
    const basket = createBasketActor({ api, storage, menu });
    expect(basketStatusOf(basket.getSnapshot())).toBe(0);
    expect(basket.getSnapshot().context.lines).toEqual([]);
    expect(JSON.parse(memory.get(BASKET_STORAGE_KEY)!).value).toEqual({ journey: 'empty', sync: 'idle', deliveryCheck: 'idle', rebuild: 'idle' });
    basket.stop();
  });
});
