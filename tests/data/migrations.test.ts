import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/migrationList';
import { createRepositories } from '../../src/server/db/repositories';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

const applicationTables = [
  'account_addresses',
  'account_vouchers',
  'accounts',
  'audit_entries',
  'basket_lines',
  'basket_vouchers',
  'baskets',
  'booking_requests',
  'catering_enquiries',
  'delivery_zones',
  'device_tokens',
  'edit_revisions',
  'loyalty_events',
  'media',
  'menu_categories',
  'menu_config_items',
  'menu_drafts',
  'menu_highest_ids',
  'menu_items',
  'menus',
  'notification_deliveries',
  'opening_periods',
  'order_acceptances',
  'order_events',
  'order_number_days',
  'page_drafts',
  'pages',
  'payment_error_logs',
  'payment_outbox',
  'payments',
  'phone_order_keys',
  'print_jobs',
  'printers',
  'restaurant',
  'sold_out_items',
  'special_days',
  'takeaway_settings',
  'web_push_subscriptions',
];

const allMigrations = [
  '0001-restaurant-menus-pages',
  '0002-baskets-and-lines',
  '0003-order-acceptance',
  '0004-bookings-and-enquiries',
  '0005-accounts',
  '0006-payments',
  '0007-takeaway-cash-payment',
  '0008-takeaway-order-limits',
  '0009-waiting-requests-index',
  '0010-kitchen-list-index',
  '0011-menu-item-highlighted',
  '0012-back-office-audit',
  '0013-menu-drafts-sold-out',
  '0014-hours-settings-busy',
  '0015-delivery-zone-areas',
  '0016-order-notifications',
  '0017-pre-orders',
  '0018-order-numbers',
  '0019-refused-lines',
  '0022-menu-item-number-chinese',
  '0023-media-photos',
  '0024-ticket-printing',
  '0025-phone-orders',
  '0026-page-drafts',
  '0027-share-photo',
  '0028-payment-outbox-claims',
  '0029-notification-cash-instead',
  '0030-print-job-payment-changed',
  '0031-phone-order-keys',
];

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

  it("names a failing booking migration and leaves none of the run's tables behind", async () => {
    database = await openEmptyDatabase(target);
    // A stray table that the last step of 0004 also creates.
    await sql`create table catering_enquiries (enquiry_ref text)`.execute(database.db);

    await expect(migrateToLatest(database.db)).rejects.toThrow('migration "0004-bookings-and-enquiries" failed');
    expect((await tableNames()).filter((name) => !name.startsWith('kysely_'))).toEqual(['catering_enquiries']);

    await sql`drop table catering_enquiries`.execute(database.db);
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

    const booking = {
      booking_ref: 'B-7KX3QM',
      booking_date: '2026-11-24',
      booking_time: '19:30',
      party_size: 4,
      name: 'Ada Lovelace',
      phone: '0113 496 0999',
      email: 'ada@example.com',
      notes: '',
      received_at: '2026-11-22T12:00:00.000Z',
    };
    await db.insertInto('booking_requests').values(booking).execute();
    // A reference is given to one request only, and no count is zero.
    await expect(db.insertInto('booking_requests').values({ ...booking, name: 'Someone else' }).execute()).rejects.toThrow();
    await expect(db.insertInto('booking_requests').values({ ...booking, booking_ref: 'B-222222', party_size: 0 }).execute()).rejects.toThrow();

    const enquiry = {
      enquiry_ref: 'C-9PW2HD',
      event_date: '2026-12-24',
      guests: 40,
      budget: '',
      name: 'Ada Lovelace',
      phone: '0113 496 0999',
      email: 'ada@example.com',
      message: 'A family party for forty',
      received_at: '2026-11-22T12:00:00.000Z',
    };
    await db.insertInto('catering_enquiries').values(enquiry).execute();
    await expect(db.insertInto('catering_enquiries').values({ ...enquiry, message: 'Another party' }).execute()).rejects.toThrow();
    await expect(db.insertInto('catering_enquiries').values({ ...enquiry, enquiry_ref: 'C-222222', guests: 0 }).execute()).rejects.toThrow();
  });

  it('indexes the staff lists of bookings and enquiries by day', async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    // The columns of the table's own indexes (not its primary key), in index order.
    const indexedColumns = async (table: string) => {
      const query =
        target.name === 'sqlite'
          ? sql<{ column: string }>`
              select info.name as "column" from pragma_index_list(${table}) list, pragma_index_info(list.name) info
              where list.origin = 'c' order by list.name, info.seqno`
          : sql<{ column: string }>`
              select attribute.attname as "column" from pg_index index_
              join pg_class class on class.oid = index_.indrelid
              join pg_attribute attribute on attribute.attrelid = class.oid and attribute.attnum = any(index_.indkey)
              where class.relname = ${table} and not index_.indisprimary order by attribute.attnum`;
      const { rows } = await query.execute(database.db);
      return rows.map((row) => row.column);
    };
    expect(await indexedColumns('booking_requests')).toEqual(['booking_date', 'booking_time']);
    expect(await indexedColumns('catering_enquiries')).toEqual(['event_date']);
  });

  it("keeps the accounts' rows whole: one loyalty id each, vouchers with their terms, one event per order and kind, and an account's rows go with it", async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    const { db } = database;
    const account = {
      auth_sub: 'sub-a',
      email: 'a@example.com',
      name: null,
      phone: null,
      discount_percent: 10,
      points: 0,
      loyalty_id: 'GD7KM-3XQ9P',
      created_at: '2026-11-24T18:00:00.000Z',
      last_login_at: null,
      change_tag: '',
    };
    await db.insertInto('accounts').values(account).execute();
    await expect(db.insertInto('accounts').values({ ...account, auth_sub: 'sub-b' }).execute()).rejects.toThrow();
    await expect(db.insertInto('accounts').values({ ...account, auth_sub: 'sub-b', loyalty_id: 'AAAAA-AAAAA', points: -1 }).execute()).rejects.toThrow();

    const voucher = {
      auth_sub: 'sub-a',
      voucher_type: 1,
      title: '£3 off your order',
      value_pence: 300,
      percent: null,
      valid_day: null,
      used_by_basket_id: null,
      withdrawn: 0 as const,
      source: 'restaurant' as const,
      created_at: '2026-11-24T18:00:00.000Z',
    };
    const [first, second] = await db.insertInto('account_vouchers').values([voucher, voucher]).returning('voucher_id').execute();
    expect(second.voucher_id).toBeGreaterThan(first.voucher_id);
    // A fixed voucher needs its value, a day-specific one its percentage and day; nobody else's account.
    await expect(db.insertInto('account_vouchers').values({ ...voucher, value_pence: null }).execute()).rejects.toThrow();
    await expect(db.insertInto('account_vouchers').values({ ...voucher, voucher_type: 3, percent: 15 }).execute()).rejects.toThrow();
    await expect(db.insertInto('account_vouchers').values({ ...voucher, auth_sub: 'nobody' }).execute()).rejects.toThrow();

    const basket = {
      basket_id: 'basket-1',
      order_builder_ref: 'ref-1',
      status: 7,
      order_type: 1,
      menu_version: 1,
      source_type: 'Website',
      os: '',
      os_version: '',
      app_version: '',
      ignore_time_offset: 0 as const,
      name: '',
      phone: '',
      email: '',
      asap: 1 as const,
      payment_type: 1,
      notes: '',
      discount_percent: 10,
      item_cost: 900,
      original_item_cost: 1000,
      discount: 100,
      bag_charge: 10,
      delivery_charge: 0,
      total_cost: 910,
      created_at: '2026-11-24T18:00:00.000Z',
      updated_at: '2026-11-24T18:00:00.000Z',
      revision: 1,
      account_sub: 'sub-a',
      profile_discount: 100,
    };
    await db.insertInto('baskets').values(basket).execute();
    const event = { auth_sub: 'sub-a', basket_id: 'basket-1', kind: 'earned' as const, points: 9, created_at: '2026-11-24T18:00:00.000Z' };
    await db.insertInto('loyalty_events').values(event).execute();
    await expect(db.insertInto('loyalty_events').values(event).execute()).rejects.toThrow();
    await db.insertInto('basket_vouchers').values({ basket_id: 'basket-1', position: 0, voucher_id: first.voucher_id, discount_pence: 300 }).execute();
    await expect(
      db.insertInto('basket_vouchers').values({ basket_id: 'basket-1', position: 1, voucher_id: first.voucher_id, discount_pence: 300 }).execute(),
    ).rejects.toThrow();

    await db.deleteFrom('accounts').where('auth_sub', '=', 'sub-a').execute();
    expect(await db.selectFrom('account_vouchers').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('loyalty_events').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('basket_vouchers').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('baskets').select('basket_id').execute()).toEqual([{ basket_id: 'basket-1' }]);
  });

  it("indexes an account's orders by when they were confirmed", async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    const index = 'baskets_account_sub_confirmed_at';
    const query =
      target.name === 'sqlite'
        ? sql<{ column: string }>`select name as "column" from pragma_index_info(${index}) order by seqno`
        : sql<{ column: string }>`
            select attribute.attname as "column" from pg_index index_
            join pg_class class on class.oid = index_.indexrelid
            join pg_attribute attribute on attribute.attrelid = index_.indrelid and attribute.attnum = any(index_.indkey)
            where class.relname = ${index} order by array_position(index_.indkey::int2[], attribute.attnum)`;
    const { rows } = await query.execute(database.db);
    expect(rows.map((row) => row.column)).toEqual(['account_sub', 'confirmed_at']);
  });

  it("keeps a dish's menu number and Chinese name, absent on a dish that has none, and only the two scripts", async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    const { db } = database;
    await db.insertInto('restaurant').values({
      restaurant_id: 1, trading_name: 'Test', tagline: '', address1: '', address2: '', town: '', county: '', post_code: '',
      phone: '', email: '', menu_id: 1, app_store_url: '', google_play_url: '', online_ordering_allowed: 1,
    }).execute();
    await db.insertInto('menus').values({ menu_id: 1, restaurant_id: 1, menu_version: 1, menu_type: 2 }).execute();
    await db.insertInto('menu_categories').values({ category_id: 1, menu_id: 1, name: 'Pork', description: '', category_order: 1 }).execute();
    const dish = {
      category_id: 1, description: '', extended_description: '', item_order: 1, item_cost: 890, available: 1 as const,
      allergens: '[]', dietary: '[]', highlighted: 0 as const,
    };
    await db.insertInto('menu_items').values({ ...dish, item_id: 1, title: 'Sweet and Sour Pork', menu_number: '54a', chinese_name: '咕噜肉', chinese_script: 'zh-Hans' }).execute();
    await db.insertInto('menu_items').values({ ...dish, item_id: 2, title: 'Plain Rice' }).execute();
    const notAScript = 'ja' as 'zh-Hans';
    await expect(
      db.insertInto('menu_items').values({ ...dish, item_id: 3, title: 'Sushi', chinese_name: '寿司', chinese_script: notAScript }).execute(),
    ).rejects.toThrow();

    const rows = await db.selectFrom('menu_items').select(['item_id', 'menu_number', 'chinese_name', 'chinese_script']).orderBy('item_id').execute();
    expect(rows).toEqual([
      { item_id: 1, menu_number: '54a', chinese_name: '咕噜肉', chinese_script: 'zh-Hans' },
      { item_id: 2, menu_number: null, chinese_name: null, chinese_script: null },
    ]);
  });

  it('0029 lets a delivery be cashInstead, keeping the deliveries, their ids and the id sequence, the once-only rule and the index', async () => {
    database = await openEmptyDatabase(target);
    const { db } = database;
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0028-payment-outbox-claims');
    expect(error).toBeUndefined();
    await seedDemoData(db);
    await createRepositories(db).orders.createBasket({ basketId: 'basket-1', orderBuilderRef: 'ref-1', menuVersion: 1, now: '2026-11-24T18:00:00.000Z' });
    const delivery = (moment: string, recipient: string) => ({
      basket_id: 'basket-1', moment: moment as 'placed', detail: '{}', channel: 'email' as const, recipient,
      created_at: '2026-11-24T18:00:00.000Z', next_attempt_at: '2026-11-24T18:00:00.000Z', attempts: 0,
    });
    await expect(db.insertInto('notification_deliveries').values(delivery('cashInstead', 'a@example.com')).execute()).rejects.toThrow();
    await db.insertInto('notification_deliveries').values([delivery('placed', 'a@example.com'), delivery('accepted', 'a@example.com'), delivery('cooking', 'b@example.com')]).execute();
    // The newest delivery gone (its order deleted, say): its id is not handed out again, nor is its email's Message-ID.
    await db.deleteFrom('notification_deliveries').where('moment', '=', 'cooking').execute();
    const before = await db.selectFrom('notification_deliveries').selectAll().orderBy('id').execute();

    const to0029 = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0029-notification-cash-instead');
    expect(to0029.results?.map((result) => result.migrationName)).toEqual(['0029-notification-cash-instead']);
    expect(await db.selectFrom('notification_deliveries').selectAll().orderBy('id').execute()).toEqual(before);
    const { id } = await db.insertInto('notification_deliveries').values(delivery('cashInstead', 'a@example.com')).returning('id').executeTakeFirstOrThrow();
    expect(id).toBe(before.at(-1)!.id + 2);
    await expect(db.insertInto('notification_deliveries').values(delivery('cashInstead', 'a@example.com')).execute()).rejects.toThrow();
    await expect(db.insertInto('notification_deliveries').values(delivery('paidTwice', 'a@example.com')).execute()).rejects.toThrow();
    await expect(db.insertInto('notification_deliveries').values({ ...delivery('placed', 'c@example.com'), basket_id: 'no-such-basket' }).execute()).rejects.toThrow();
    const dueIndex =
      target.name === 'sqlite'
        ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'notification_deliveries' and name = 'notification_deliveries_due'`
        : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'notification_deliveries' and indexname = 'notification_deliveries_due'`;
    expect((await dueIndex.execute(db)).rows).toEqual([{ name: 'notification_deliveries_due' }]);
  });

  it('0030 lets a print job be paymentChanged, keeping the jobs, their ids and the id sequence, the references and the indexes', async () => {
    database = await openEmptyDatabase(target);
    const { db } = database;
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0029-notification-cash-instead');
    expect(error).toBeUndefined();
    await seedDemoData(db);
    await createRepositories(db).orders.createBasket({ basketId: 'basket-1', orderBuilderRef: 'ref-1', menuVersion: 1, now: '2026-11-24T18:00:00.000Z' });
    const { printer_id: printerId } = await db
      .insertInto('printers')
      .values({ name: 'Kitchen', host: '127.0.0.1', port: 9100, paper_width: 80, documents: 'kitchen', copies: 1 })
      .returning('printer_id')
      .executeTakeFirstOrThrow();
    const job = (reason: string) => ({
      printer_id: printerId, basket_id: 'basket-1', reason: reason as 'accepted', created_at: '2026-11-24T18:00:00.000Z', next_attempt_at: '2026-11-24T18:00:00.000Z', attempts: 0,
    });
    await expect(db.insertInto('print_jobs').values(job('paymentChanged')).execute()).rejects.toThrow();
    await db.insertInto('print_jobs').values([job('accepted'), job('reprint'), job('reprint')]).execute();
    await db.updateTable('print_jobs').set({ done_at: '2026-11-24T18:01:00.000Z', outcome: 'printed' }).where('reason', '=', 'accepted').execute();
    // The newest job gone: its id is not handed out again.
    const newest = (await db.selectFrom('print_jobs').select('job_id').orderBy('job_id', 'desc').executeTakeFirstOrThrow()).job_id;
    await db.deleteFrom('print_jobs').where('job_id', '=', newest).execute();
    const before = await db.selectFrom('print_jobs').selectAll().orderBy('job_id').execute();

    const to0030 = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0030-print-job-payment-changed');
    expect(to0030.results?.map((result) => result.migrationName)).toEqual(['0030-print-job-payment-changed']);
    expect(await db.selectFrom('print_jobs').selectAll().orderBy('job_id').execute()).toEqual(before);
    const { job_id: jobId } = await db.insertInto('print_jobs').values(job('paymentChanged')).returning('job_id').executeTakeFirstOrThrow();
    expect(jobId).toBe(newest + 1);
    await expect(db.insertInto('print_jobs').values(job('printedTwice')).execute()).rejects.toThrow();
    await expect(db.insertInto('print_jobs').values({ ...job('accepted'), basket_id: 'no-such-basket' }).execute()).rejects.toThrow();
    await expect(db.insertInto('print_jobs').values({ ...job('accepted'), printer_id: printerId + 100 }).execute()).rejects.toThrow();
    await expect(db.insertInto('print_jobs').values({ ...job('accepted'), outcome: 'lost' as 'printed' }).execute()).rejects.toThrow();
    const indexes =
      target.name === 'sqlite'
        ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'print_jobs' and name like 'print_jobs_%' order by name`
        : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'print_jobs' and indexname like 'print_jobs_%' and indexname <> 'print_jobs_pkey' order by indexname`;
    expect((await indexes.execute(db)).rows).toEqual([{ name: 'print_jobs_basket' }, { name: 'print_jobs_due' }]);
  });
});
