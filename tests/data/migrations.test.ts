import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/database';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

const applicationTables = [
  'basket_lines',
  'baskets',
  'delivery_zones',
  'menu_categories',
  'menu_config_items',
  'menu_items',
  'menus',
  'opening_periods',
  'order_acceptances',
  'order_events',
  'pages',
  'restaurant',
  'takeaway_settings',
];

const allMigrations = ['0001-restaurant-menus-pages', '0002-baskets-and-lines', '0003-order-acceptance'];

describe.each(databaseTargets)('migrations on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  afterEach(() => database.dispose());

  const tableNames = async () => (await database.db.introspection.getTables()).map((table) => table.name).sort();

  it('creates every table on an empty database, and a second run changes nothing', async () => {
    database = await openEmptyDatabase(target);
    expect(await tableNames()).toEqual([]);

    expect(await migrateToLatest(database.db)).toEqual(allMigrations);
    expect((await tableNames()).filter((name) => !name.startsWith('kysely_'))).toEqual(applicationTables);

    expect(await migrateToLatest(database.db)).toEqual([]);
    expect((await tableNames()).filter((name) => !name.startsWith('kysely_'))).toEqual(applicationTables);
  });

  it('names the failing migration and leaves none of its tables behind', async () => {
    database = await openEmptyDatabase(target);
    // A stray table that the migration's last step also creates.
    await sql`create table pages (page_name text)`.execute(database.db);

    await expect(migrateToLatest(database.db)).rejects.toThrow('migration "0001-restaurant-menus-pages" failed');
    expect((await tableNames()).filter((name) => !name.startsWith('kysely_'))).toEqual(['pages']);

    await sql`drop table pages`.execute(database.db);
    expect(await migrateToLatest(database.db)).toEqual(allMigrations);
  });

  it('enforces the constraints the data relies on', async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    const { db } = database;

    await db.insertInto('pages').values({ page_name: 'Gallery', title: 'Gallery', content: '[]' }).execute();
    await expect(
      db.insertInto('pages').values({ page_name: 'gallery', title: 'Another gallery', content: '[]' }).execute(),
    ).rejects.toThrow();

    // Foreign keys hold (on SQLite they need the foreign_keys pragma).
    await expect(
      db.insertInto('menus').values({ menu_id: 1, restaurant_id: 42, menu_version: 1, menu_type: 2 }).execute(),
    ).rejects.toThrow();

    const restaurant = {
      restaurant_id: 1,
      trading_name: 'Test',
      tagline: '',
      address1: '',
      address2: '',
      town: '',
      county: '',
      post_code: '',
      phone: '',
      email: '',
      menu_id: 1,
      app_store_url: '',
      google_play_url: '',
    };
    // The row type only allows 0 and 1; the database must refuse anything else written past it.
    const notAFlag = 2 as 1;
    await expect(
      db.insertInto('restaurant').values({ ...restaurant, online_ordering_allowed: notAFlag }).execute(),
    ).rejects.toThrow();
    await db.insertInto('restaurant').values({ ...restaurant, online_ordering_allowed: 1 }).execute();

    await expect(
      db.insertInto('opening_periods').values({ restaurant_id: 1, day: 7, opens: '17:00', closes: '22:00' }).execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto('opening_periods').values({ restaurant_id: 1, day: 2, opens: '5pm', closes: '22:00' }).execute(),
    ).rejects.toThrow();
    await db.insertInto('opening_periods').values({ restaurant_id: 1, day: 2, opens: '17:00', closes: '22:00' }).execute();
  });
});
