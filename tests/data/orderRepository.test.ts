import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import type { BasketToSave, OrderRepository } from '../../src/server/db/orderRepository';
import { createRepositories } from '../../src/server/db/repositories';
import type { PricedLine } from '../../src/server/domain/basket';
import { parseUkPostcode } from '../../src/domain/contactRules';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

const created = '2026-11-24T18:00:00.000Z';
/** The demo restaurant's zone 1. */
const headingley = { deliveryZoneId: 1, postcodeArea: 'LS6', name: 'Headingley & Hyde Park', deliveryChargePence: 150, minimumOrderPence: 1200 };

const pricedLine = (itemId: number, quantity: number, itemCostPence: number): PricedLine => ({
  categoryId: 1,
  itemId,
  configId: itemId === 101 ? 1012 : null,
  configOption: itemId === 101 ? 'Large bag' : null,
  quantity,
  title: `Item ${itemId}`,
  itemCostPence,
  lineCostPence: itemCostPence * quantity,
  specialRequest: quantity > 1 ? 'well done' : '',
});

function basketToSave(basketId: string, lines: PricedLine[], name = 'Ada Lovelace'): BasketToSave {
  const items = lines.reduce((sum, line) => sum + line.lineCostPence, 0);
  return {
    basketId,
    accountSub: null,
    status: 2,
    menuVersion: 1,
    sourceType: 'Website',
    os: 'web',
    osVersion: 'Linux',
    appVersion: '1.0.81',
    orderType: 2,
    ignoreTimeOffset: false,
    name,
    phone: '0113 496 0999',
    email: 'ada@example.com',
    paymentType: 1,
    cardOnCollection: false,
    requestedTime: '2026-11-24T19:00:00.000Z',
    asap: false,
    notes: 'Ring the bell',
    deliveryAddress: { address1: '3 Cardigan Road', address2: 'Flat 2', town: 'Leeds', postcode: 'LS6 2AB' },
    deliveryZoneId: 1,
    lines,
    vouchers: [],
    pricing: {
      originalItemCostPence: items,
      discountPence: 0,
      profileDiscountPence: 0,
      discountPercent: 0,
      itemCostPence: items,
      bagChargePence: 10,
      deliveryChargePence: 150,
      totalCostPence: items + 160,
    },
  };
}

describe.each(databaseTargets)('the order repository on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let orders: OrderRepository;
  let basketCount = 0;
  const newBasket = async () => {
    basketCount += 1;
    const basketId = `basket-${basketCount}`;
    await orders.createBasket({ basketId, orderBuilderRef: `ref-${basketCount}`, menuVersion: 1, now: created });
    return basketId;
  };

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    orders = createRepositories(database.db, database.storage).orders;
  });
  afterAll(() => database.dispose());

  it('creates an empty basket and reads back exactly what was saved', async () => {
    const basketId = await newBasket();
    expect(await orders.findBasket(basketId)).toMatchObject({ basketId, orderBuilderRef: 'ref-1', status: 0, lines: [], revision: 0, orderRef: null });
    expect(await orders.findBasketState(basketId)).toEqual({ confirmed: false });

    const toSave = basketToSave(basketId, [pricedLine(101, 2, 400), pricedLine(102, 1, 420)]);
    const saved = await orders.saveBasket(toSave, '2026-11-24T18:05:00.000Z');
    expect(saved.outcome).toBe('saved');
    const { basketId: _id, vouchers: _vouchers, ...savedFields } = toSave;
    expect(await orders.findBasket(basketId)).toEqual({
      ...savedFields,
      basketId,
      orderBuilderRef: 'ref-1',
      orderRef: null,
      orderNumber: null,
      confirmedAt: null,
      revision: 1,
    });
  });

  it('replaces the lines whole on every save', async () => {
    const basketId = await newBasket();
    await orders.saveBasket(basketToSave(basketId, [pricedLine(101, 2, 400), pricedLine(102, 1, 420)]), created);
    await orders.saveBasket(basketToSave(basketId, [pricedLine(103, 1, 590)]), created);
    expect((await orders.findBasket(basketId))?.lines.map((line) => line.itemId)).toEqual([103]);
  });

  it('leaves a basket as exactly one of 20 concurrent saves', async () => {
    const basketId = await newBasket();
    const saves = Array.from({ length: 20 }, (_, index) =>
      basketToSave(basketId, [pricedLine(102, index + 1, 420), pricedLine(103, 20 - index, 590)], `Customer ${index}`),
    );
    const outcomes = await Promise.all(saves.map((save) => orders.saveBasket(save, created)));
    expect(outcomes.every(({ outcome }) => outcome === 'saved')).toBe(true);

    const stored = await orders.findBasket(basketId);
    const winner = saves.find((save) => save.name === stored?.name);
    expect(winner).toBeDefined();
    expect(stored?.lines).toEqual(winner?.lines);
    expect(stored?.pricing).toEqual(winner?.pricing);
    expect(stored?.revision).toBe(20);
  });

  it('confirms once, answers the same reference again, and then refuses changes', async () => {
    const basketId = await newBasket();
    await orders.saveBasket(basketToSave(basketId, [pricedLine(109, 1, 1390)]), created);

    const seen: unknown[] = [];
    const refusal = (_basket: unknown, state: unknown) => {
      seen.push(state);
      return undefined;
    };
    const confirmations = await Promise.all(
      ['first-ref', 'second-ref', 'third-ref'].map((orderRef) => orders.confirmBasket(basketId, refusal, orderRef, '2026-11-24T18:10:00.000Z')),
    );
    const orderRefs = new Set(confirmations.map((outcome) => (outcome.outcome === 'confirmed' ? outcome.orderRef : outcome.outcome)));
    expect(orderRefs.size).toBe(1);
    expect(confirmations.filter((outcome) => outcome.outcome === 'confirmed' && !outcome.alreadyConfirmed)).toHaveLength(1);
    expect(seen).toEqual([{ zone: headingley, menuVersion: 1, soldOut: [], discounts: undefined }]);

    const confirmed = await orders.findBasket(basketId);
    expect(confirmed).toMatchObject({ status: 7, orderRef: [...orderRefs][0], confirmedAt: '2026-11-24T18:10:00.000Z' });
    expect(await orders.findBasketState(basketId)).toEqual({ confirmed: true });
    expect(await orders.saveBasket(basketToSave(basketId, []), created)).toEqual({ outcome: 'confirmed' });
    expect(await orders.findBasket(basketId)).toEqual(confirmed);
  });

  it('writes nothing when confirming is refused, and knows no unknown basket', async () => {
    const basketId = await newBasket();
    await orders.saveBasket(basketToSave(basketId, [pricedLine(102, 1, 420)]), created);
    const before = await orders.findBasket(basketId);
    expect(await orders.confirmBasket(basketId, () => 'Add £7.80 to deliver', 'unused', created)).toEqual({
      outcome: 'refused',
      errorMessage: 'Add £7.80 to deliver',
    });
    expect(await orders.findBasket(basketId)).toEqual(before);

    expect(await orders.confirmBasket('no-such-basket', () => undefined, 'unused', created)).toEqual({ outcome: 'missing' });
    expect(await orders.saveBasket(basketToSave('no-such-basket', []), created)).toEqual({ outcome: 'missing' });
    expect(await orders.findBasket('no-such-basket')).toBeUndefined();
    expect(await orders.findBasketState('no-such-basket')).toBeUndefined();
  });

  it("finds a postcode's delivery zone: its sector's when one is listed, else its district's", async () => {
    expect(await orders.findDeliveryZone(parseUkPostcode('LS6 2AB')!)).toEqual(headingley);
    expect(await orders.findDeliveryZone(parseUkPostcode('M1 1AA')!)).toBeUndefined();
    await database.db
      .insertInto('delivery_zones')
      .values({ delivery_zone_id: 50, restaurant_id: 1, postcode_area: 'LS6 2', zone_name: 'Hyde Park', delivery_charge: 250, minimum_order_value: 2000 })
      .execute();
    expect(await orders.findDeliveryZone(parseUkPostcode('LS6 2AB')!)).toEqual({
      deliveryZoneId: 50,
      postcodeArea: 'LS6 2',
      name: 'Hyde Park',
      deliveryChargePence: 250,
      minimumOrderPence: 2000,
    });
    expect(await orders.findDeliveryZone(parseUkPostcode('LS6 3AB')!)).toEqual(headingley);
  });
});
