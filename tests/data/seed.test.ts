import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, seedDemoData } from '../../src/server/db/database';
import type { DatabaseSchema } from '../../src/server/db/schema';
import { seedDemoCustomer } from '../../src/server/db/seed/demoCustomer';
import { goldenDragonDemoData } from '../../src/server/db/seed/demoData';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

const tables = [
  'restaurant',
  'takeaway_settings',
  'opening_periods',
  'delivery_zones',
  'menus',
  'menu_categories',
  'menu_items',
  'menu_config_items',
  'pages',
] as const;

async function rowCounts(db: Kysely<DatabaseSchema>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('rows'))
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count(*) as a bigint string.
    counts[table] = Number(rows);
  }
  return counts;
}

describe.each(databaseTargets)('seeding on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  afterEach(() => database.dispose());

  it('fills an empty database once; a second run adds nothing', async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);

    expect(await seedDemoData(database.db)).toEqual({ seeded: true });
    const counts = await rowCounts(database.db);
    expect(counts).toMatchObject({ restaurant: 1, takeaway_settings: 1, opening_periods: 6, menus: 1, pages: 6 });
    expect(counts.delivery_zones).toBeGreaterThanOrEqual(6);
    expect(counts.menu_categories).toBeGreaterThanOrEqual(10);
    expect(counts.menu_items).toBeGreaterThanOrEqual(60);
    expect(counts.menu_config_items).toBeGreaterThanOrEqual(30);

    expect(await seedDemoData(database.db)).toEqual({ seeded: false });
    expect(await rowCounts(database.db)).toEqual(counts);
  });

  it('stores money as integer pence', async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);

    const settings = await database.db.selectFrom('takeaway_settings').selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({
      minimum_collection_order_value: 1000,
      minimum_free_order_value: 1500,
      standard_delivery_charge: 250,
      bag_charge: 10,
    });
    const duckOptions = await database.db
      .selectFrom('menu_config_items')
      .select(['label', 'extra_cost'])
      .where('item_id', '=', 701)
      .orderBy('config_order')
      .execute();
    expect(duckOptions.map((option) => option.extra_cost)).toEqual([0, 800, 2250]);
  });

  it('writes nothing when seeding fails part-way, and can seed afterwards', async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    // Pages are written last; a second gallery differing only in case breaks their unique index.
    const failingData = {
      ...goldenDragonDemoData,
      pages: [...goldenDragonDemoData.pages, { pageName: 'GALLERY', title: 'Duplicate', rows: [] }],
    };

    await expect(seedDemoData(database.db, failingData)).rejects.toThrow();
    const counts = await rowCounts(database.db);
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);

    expect(await seedDemoData(database.db)).toEqual({ seeded: true });
    expect((await rowCounts(database.db)).restaurant).toBe(1);
  });
});

// Servers started at once on one PostgreSQL database (README, "Running more than one server"); a SQLite file has one server.
describe.each(databaseTargets.filter((target) => target.name === 'postgres'))('seeding from two servers at once on $name', (target) => {
  it('seeds the restaurant and the demo customer once: the second finds what the first wrote', async () => {
    const database = await openEmptyDatabase(target);
    const other = await openDatabase(database.location);
    try {
      await migrateToLatest(database.db);
      const seeded = await Promise.all([seedDemoData(database.db), seedDemoData(other.db)]);
      expect(seeded.map(({ seeded }) => seeded).sort()).toEqual([false, true]);
      expect(await rowCounts(database.db)).toMatchObject({ restaurant: 1, takeaway_settings: 1, opening_periods: 6, menus: 1, pages: 6 });

      // Each server's identity emulator has a `sub` of its own for the demo customer: one creates the account, the other moves it.
      const now = new Date('2026-11-24T18:00:00Z');
      const email = 'demo@example.com';
      const customers = await Promise.all([
        seedDemoCustomer(database.db, { authSub: 'first-emulator', email, now }),
        seedDemoCustomer(other.db, { authSub: 'second-emulator', email, now }),
      ]);
      expect(customers.map(({ outcome }) => outcome).sort()).toEqual(['created', 'moved']);
      expect(await database.db.selectFrom('accounts').select('email').execute()).toEqual([{ email }]);
    } finally {
      await other.close();
      await database.dispose();
    }
  });
});
