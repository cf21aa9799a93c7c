import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/database';
import { newBasketRow } from '../../src/server/db/orderRepository';
import { claimPhoneOrderKey, findPhoneOrderKey } from '../../src/server/db/phoneOrderKeys';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// The keys phone orders are placed with (migration 0031, docs/phone-orders.md, "Placing it again"): the first claim of
// a key holds it, a later one in another transaction is told so, and a key must name an order written by commit.

const now = '2026-11-24T18:00:00.000Z';

describe.each(databaseTargets)('phone order keys on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  afterEach(() => database.dispose());

  it('are held by the first claim, and a later claim of the same key writes nothing', async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    const { db } = database;
    const claim = (basketId: string, fingerprint: string) =>
      db.transaction().execute(async (transaction) => {
        // The key first, as the placing transaction writes it, then its order.
        const claimed = await claimPhoneOrderKey(transaction, { idempotencyKey: 'key-of-one-order-0001', basketId, fingerprint }, now);
        if (claimed) await transaction.insertInto('baskets').values(newBasketRow({ basketId, orderBuilderRef: `${basketId}-ref`, menuVersion: 1, now })).execute();
        return claimed;
      });

    expect(await claim('basket-first', 'first')).toBe(true);
    expect(await claim('basket-second', 'second')).toBe(false);
    expect(await findPhoneOrderKey(db, 'key-of-one-order-0001')).toEqual({ idempotencyKey: 'key-of-one-order-0001', basketId: 'basket-first', fingerprint: 'first' });
    expect(await db.selectFrom('baskets').select('basket_id').execute()).toEqual([{ basket_id: 'basket-first' }]);
    expect(await findPhoneOrderKey(db, 'key-of-no-order-00001')).toBeUndefined();
  });

  it('must name an order by the time the transaction commits', async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    const { db } = database;
    await expect(
      db.transaction().execute((transaction) => claimPhoneOrderKey(transaction, { idempotencyKey: 'key-without-order-001', basketId: 'no-such-basket', fingerprint: 'x' }, now)),
    ).rejects.toThrow();
    expect(await findPhoneOrderKey(db, 'key-without-order-001')).toBeUndefined();
  });
});
