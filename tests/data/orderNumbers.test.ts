import { Migrator } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, seedDemoData, type AppDatabase } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/migrationList';
import { newBasketRow, type OrderRepository } from '../../src/server/db/orderRepository';
import { createRepositories } from '../../src/server/db/repositories';
import { collectionBasketToSave } from './baskets';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// The short order number (docs/acceptance-and-kitchen.md, "Identifiers"): the London day's sequence, given in the
// confirming transaction, never shared by two orders of one day however many are placed at once.

const created = '2026-11-24T18:00:00.000Z';

const numberOf = (outcome: Awaited<ReturnType<OrderRepository['confirmBasket']>>) => {
  if (outcome.outcome !== 'confirmed') throw new Error(`not confirmed: ${outcome.outcome}`);
  return outcome.orderNumber;
};

describe.each(databaseTargets)('order numbers on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let second: AppDatabase;
  let orders: OrderRepository;
  let otherServersOrders: OrderRepository;
  let basketCount = 0;
  const placedBasket = async () => {
    basketCount += 1;
    const basketId = `basket-${basketCount}`;
    await orders.createBasket({ basketId, orderBuilderRef: `ref-${basketCount}`, menuVersion: 1, now: created });
    await orders.saveBasket(collectionBasketToSave(basketId, 1), created);
    return basketId;
  };
  const confirm = (repository: OrderRepository, basketId: string, now: string) =>
    repository.confirmBasket(basketId, () => undefined, `order-${basketId}`, now);

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    orders = createRepositories(database.db, database.storage).orders;
    // A second server on the same database: its own connection (pool on PostgreSQL, file handle on SQLite).
    second = await openDatabase(database.location);
    otherServersOrders = createRepositories(second.db, second.storage).orders;
  });
  afterAll(async () => {
    await second.close();
    await database.dispose();
  });

  it('gives 30 orders placed at once on one day, through two servers, the numbers 1 to 30, each once', async () => {
    const baskets = await Promise.all(Array.from({ length: 30 }, () => placedBasket()));
    const outcomes = await Promise.all(
      baskets.map((basketId, index) => confirm(index % 2 === 0 ? orders : otherServersOrders, basketId, '2026-11-24T18:30:00.000Z')),
    );
    const numbers = outcomes.map(numberOf).sort((first, second) => first - second);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    for (const basketId of baskets) {
      const basket = await orders.findBasket(basketId);
      expect(basket?.orderNumber).toBe(numberOf(outcomes[baskets.indexOf(basketId)]));
    }
  });

  it('answers the same number when an order is confirmed again, and a refused confirmation takes none', async () => {
    const basketId = await placedBasket();
    const first = numberOf(await confirm(orders, basketId, '2026-11-24T19:00:00.000Z'));
    expect(await confirm(orders, basketId, '2026-11-24T19:01:00.000Z')).toMatchObject({ alreadyConfirmed: true, orderNumber: first });

    const refused = await placedBasket();
    expect(await orders.confirmBasket(refused, () => 'Sorry', 'order-refused', '2026-11-24T19:02:00.000Z')).toMatchObject({ outcome: 'refused' });
    const next = await placedBasket();
    expect(numberOf(await confirm(orders, next, '2026-11-24T19:03:00.000Z'))).toBe(first + 1);
  });

  it("starts again at 1 on London's next day: at London's midnight, not UTC's, in winter and in summer", async () => {
    // 23:59 on 24 November in London (GMT) is the same day; a minute past midnight is the 25th.
    const lateOn24th = numberOf(await confirm(orders, await placedBasket(), '2026-11-24T23:59:00.000Z'));
    expect(lateOn24th).toBeGreaterThan(1);
    expect(numberOf(await confirm(orders, await placedBasket(), '2026-11-25T00:01:00.000Z'))).toBe(1);
    expect(numberOf(await confirm(orders, await placedBasket(), '2026-11-25T12:00:00.000Z'))).toBe(2);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): a new day there.
    expect(numberOf(await confirm(orders, await placedBasket(), '2026-06-30T22:59:00.000Z'))).toBe(1);
    expect(numberOf(await confirm(orders, await placedBasket(), '2026-06-30T23:30:00.000Z'))).toBe(1);
    expect(numberOf(await confirm(orders, await placedBasket(), '2026-07-01T10:00:00.000Z'))).toBe(2);
  });

  it('refuses two orders of one day with one number', async () => {
    const [first, other] = [await placedBasket(), await placedBasket()];
    await database.db.updateTable('baskets').set({ order_ref: 'dup-1', order_number: 999, order_date: '2026-12-01' }).where('basket_id', '=', first).execute();
    await expect(
      database.db.updateTable('baskets').set({ order_ref: 'dup-2', order_number: 999, order_date: '2026-12-01' }).where('basket_id', '=', other).execute(),
    ).rejects.toThrow();
    // The same number on another day is another order's.
    await database.db.updateTable('baskets').set({ order_ref: 'dup-2', order_number: 999, order_date: '2026-12-02' }).where('basket_id', '=', other).execute();
  });
});

/** A basket's row as the tables stood before 0018: without the columns later migrations added (0025's card on collection). */
function basketRowBefore0018(row: ReturnType<typeof newBasketRow>): Omit<ReturnType<typeof newBasketRow>, 'card_on_collection'> {
  const { card_on_collection: _addedBy0025, ...before } = row;
  return before;
}

describe.each(databaseTargets)('migration 0018 on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>> | undefined;
  afterEach(() => database?.dispose());

  it("numbers the orders placed before it by their London day, and the next order of a day follows the day's last", async () => {
    database = await openEmptyDatabase(target);
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0016-order-notifications');
    expect(error).toBeUndefined();
    // Confirmed before numbers existed: two on 24 November (London), one just after London's midnight; one not confirmed.
    const confirmedAt: Record<string, string | null> = {
      'old-a': '2026-11-24T20:00:00.000Z',
      'old-b': '2026-11-24T18:00:00.000Z',
      'old-c': '2026-11-25T00:10:00.000Z',
      'old-unconfirmed': null,
    };
    for (const [basketId, at] of Object.entries(confirmedAt)) {
      await database.db
        .insertInto('baskets')
        .values({
          ...basketRowBefore0018(newBasketRow({ basketId, orderBuilderRef: `ref-${basketId}`, menuVersion: 1, now: created })),
          status: at === null ? 0 : 7,
          order_ref: at === null ? null : `ref-of-${basketId}`,
          confirmed_at: at,
        })
        .execute();
    }

    await migrateToLatest(database.db);
    const rows = await database.db
      .selectFrom('baskets')
      .select(['basket_id', 'order_number', 'order_date'])
      .where('basket_id', 'in', Object.keys(confirmedAt))
      .orderBy('basket_id')
      .execute();
    expect(rows).toEqual([
      { basket_id: 'old-a', order_number: 2, order_date: '2026-11-24' },
      { basket_id: 'old-b', order_number: 1, order_date: '2026-11-24' },
      { basket_id: 'old-c', order_number: 1, order_date: '2026-11-25' },
      { basket_id: 'old-unconfirmed', order_number: null, order_date: null },
    ]);

    const migrated = createRepositories(database.db, database.storage).orders;
    await migrated.saveBasket(collectionBasketToSave('old-unconfirmed', 1), created);
    expect(await migrated.confirmBasket('old-unconfirmed', () => undefined, 'new-ref', '2026-11-24T21:00:00.000Z')).toMatchObject({ orderNumber: 3 });
  });
});
