import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUkPostcode } from '../../src/domain/contactRules';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { replaceDeliveryZones } from '../../src/server/db/deliveryZoneRepository';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// The owner's zones replaced whole, and customers found by email or loyalty code, on both dialects
// (docs/back-office.md): PostgreSQL gives the zones' key no generator and reads LIKE's escapes its own way.

describe.each(databaseTargets)('the back office on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db, database.storage);
  });
  afterAll(() => database.dispose());

  it('replaces the zones whole: kept areas keep their ids, new ones get new ids, and baskets in a removed zone lose it', async () => {
    await repositories.orders.createBasket({ basketId: 'in-ls17', orderBuilderRef: 'in-ls17', menuVersion: 1, now: '2026-11-24T18:00:00.000Z' });
    await database.db.updateTable('baskets').set({ delivery_zone_id: 9 }).where('basket_id', '=', 'in-ls17').execute();

    const { before, after } = await database.db.transaction().execute((transaction) =>
      replaceDeliveryZones(transaction, [
        { postcodeArea: 'LS6', name: 'Headingley', deliveryChargePence: 175, minimumOrderPence: 1200 },
        { postcodeArea: 'LS6 2', name: 'Hyde Park', deliveryChargePence: 250, minimumOrderPence: 1800 },
        { postcodeArea: 'LS8', name: 'Roundhay', deliveryChargePence: 350, minimumOrderPence: 2000 },
      ]),
    );
    expect(before).toHaveLength(9);
    expect(after).toEqual([
      { deliveryZoneId: 1, postcodeArea: 'LS6', name: 'Headingley', deliveryChargePence: 175, minimumOrderPence: 1200 },
      { deliveryZoneId: 10, postcodeArea: 'LS6 2', name: 'Hyde Park', deliveryChargePence: 250, minimumOrderPence: 1800 },
      { deliveryZoneId: 11, postcodeArea: 'LS8', name: 'Roundhay', deliveryChargePence: 350, minimumOrderPence: 2000 },
    ]);
    expect(await repositories.deliveryZones.list()).toEqual(after);
    expect((await repositories.orders.findBasket('in-ls17'))?.deliveryZoneId).toBeNull();
    expect((await repositories.orders.findDeliveryZone(parseUkPostcode('ls6 2xy')!))?.postcodeArea).toBe('LS6 2');
    expect((await repositories.orders.findDeliveryZone(parseUkPostcode('LS6 4XY')!))?.postcodeArea).toBe('LS6');
  });

  it('finds customers by part of their email in any case, LIKE’s characters as themselves, or by their loyalty code', async () => {
    for (const [authSub, email, loyaltyId] of [
      ['sub-1', 'Mei.Chen@Example.com', 'ACDEF-GHJKM'],
      ['sub-2', 'mei_chen@example.com', 'NPQRT-UVWXY'],
      ['sub-3', 'meixchen@example.com', 'AAAAA-CCCCC'],
    ]) {
      await database.db
        .insertInto('accounts')
        .values({ auth_sub: authSub, email, name: null, phone: null, discount_percent: 0, points: 0, loyalty_id: loyaltyId, created_at: '2026-11-24T18:00:00.000Z', last_login_at: null, change_tag: authSub })
        .execute();
    }
    const emails = async (text: string) => (await repositories.customers.search(text)).map((customer) => customer.email);
    expect(await emails('MEI')).toEqual(['Mei.Chen@Example.com', 'mei_chen@example.com', 'meixchen@example.com']);
    expect(await emails('mei_')).toEqual(['mei_chen@example.com']);
    expect(await emails('npqrt uvwxy')).toEqual(['mei_chen@example.com']);
    expect(await emails('100%')).toEqual([]);
  });
});
