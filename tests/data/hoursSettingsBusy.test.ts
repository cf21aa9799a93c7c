import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createRepositories } from '../../src/server/db/repositories';
import { readBusyMode, readHours, readSettings, writeBusyMode, writeHours, writeSettings } from '../../src/server/db/restaurantEdits';
import { createSlotLoadReader } from '../../src/server/db/slotLoad';
import { KitchenStatus, type KitchenStatusValue } from '../../src/domain/orderEnums';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// Migration 0014 (opening hours, settings, busy mode) and the back office's saves of them, on both databases: what is
// written is what is read back, the checks the migration adds refuse what the rules refuse, and customers' core data
// follows.

describe.each(databaseTargets)('hours, settings and busy mode on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
  });
  afterAll(() => database.dispose());

  it('gives the demo restaurant 15-minute slots without a limit, the configured automatic refusal and no busy mode', async () => {
    expect((await readHours(database.db)).hours).toMatchObject({ slotMinutes: 15, ordersPerSlot: null, specialDays: [] });
    expect((await readSettings(database.db)).settings.acceptanceTimeoutSeconds).toBeNull();
    expect((await readBusyMode(database.db)).busyMode).toEqual({ paused: false, extraMinutes: 0 });
  });

  it('saves the settings and reads them back in pounds', async () => {
    const { restaurantId, settings } = await readSettings(database.db);
    const changed = { ...settings, bagCharge: 0.15, maximumOrderValue: 420.5, allowCashPayment: false, acceptanceTimeoutSeconds: 420 };
    await database.db.transaction().execute((transaction) => writeSettings(transaction, restaurantId, changed));
    expect((await readSettings(database.db)).settings).toEqual(changed);
    const core = await createRepositories(database.db).restaurant.getCoreData();
    expect(core?.takeawaySettings).toMatchObject({ bagCharge: 0.15, maximumOrderValue: 420.5, allowCashPayment: false });
  });

  it('saves split sessions, an evening past midnight and special days, and customers read them', async () => {
    const { restaurantId, hours } = await readHours(database.db);
    const changed = {
      ...hours,
      weekly: [
        { day: 2, opens: '12:00', closes: '14:00' },
        { day: 2, opens: '17:00', closes: '00:30' },
      ],
      specialDays: [
        { date: '2026-12-24', message: 'Christmas Eve: lunch only', sessions: [{ opens: '12:00', closes: '15:00' }] },
        { date: '2026-12-25', message: 'Closed for Christmas Day', sessions: [] },
      ],
      slotMinutes: 10,
      ordersPerSlot: 6,
    };
    await database.db.transaction().execute((transaction) => writeHours(transaction, restaurantId, changed));
    expect((await readHours(database.db)).hours).toEqual(changed);
    const core = await createRepositories(database.db).restaurant.getCoreData();
    expect(core?.openingHours).toEqual(changed.weekly);
    expect(core?.specialDays).toEqual(changed.specialDays);
    expect(core?.takeawaySettings).toMatchObject({ slotMinutes: 10, ordersPerSlot: 6 });
  });

  it('keeps busy mode apart from the settings a save writes', async () => {
    const { restaurantId, settings } = await readSettings(database.db);
    const paused = { paused: true, pausedUntil: '2026-11-24T18:30:00.000Z', extraMinutes: 0 };
    await writeBusyMode(database.db, restaurantId, paused);
    await writeSettings(database.db, restaurantId, { ...settings, acceptanceTimeoutSeconds: 600 });
    expect((await readBusyMode(database.db)).busyMode).toEqual(paused);
    expect((await createRepositories(database.db).restaurant.getCoreData())?.busyMode).toEqual(paused);
    await writeBusyMode(database.db, restaurantId, { paused: false, extraMinutes: 20 });
    expect((await readBusyMode(database.db)).busyMode).toEqual({ paused: false, extraMinutes: 20 });
  });

  it('refuses a slot length, a limit and extra minutes out of range at the database too', async () => {
    const refused = (set: Record<string, number>) => database.db.updateTable('takeaway_settings').set(set).execute();
    await expect(refused({ slot_minutes: 0 })).rejects.toThrow();
    await expect(refused({ orders_per_slot: 0 })).rejects.toThrow();
    await expect(refused({ busy_extra_minutes: 500 })).rejects.toThrow();
    await expect(refused({ acceptance_timeout_seconds: 5 })).rejects.toThrow();
  });

  it("counts a slot's confirmed orders, not refused or cancelled ones (by the customer or the kitchen), by when they are due", async () => {
    const load = createSlotLoadReader(database.db);
    const basket = (basketId: string, requestedTime: string | null, confirmed: boolean) =>
      database.db
        .insertInto('baskets')
        .values({
          basket_id: basketId, order_builder_ref: `ref-${basketId}`, status: 8, order_type: 1, menu_version: 1, source_type: 'Website', os: 'web',
          os_version: '', app_version: '', ignore_time_offset: 0, name: '', phone: '', email: '', delivery_address1: null, delivery_address2: null,
          delivery_town: null, delivery_postcode: null, delivery_zone_id: null, requested_time: requestedTime, asap: requestedTime === null ? 1 : 0,
          payment_type: 1, notes: '', discount_percent: 0, item_cost: 0, original_item_cost: 0, discount: 0, bag_charge: 0, delivery_charge: 0,
          total_cost: 0, order_ref: confirmed ? `order-${basketId}` : null, confirmed_at: confirmed ? '2026-11-24T18:00:00.000Z' : null,
          created_at: '2026-11-24T18:00:00.000Z', updated_at: '2026-11-24T18:00:00.000Z', revision: 1, account_sub: null, profile_discount: 0, order_summary: null,
        })
        .execute();
    const acceptance = (basketId: string, status: number, updateTime: string, cancelledAt: string | null = null, kitchenStatus: KitchenStatusValue = KitchenStatus.Ordered) =>
      database.db
        .insertInto('order_acceptances')
        .values({
          basket_id: basketId, status, requested_at: '2026-11-24T18:00:00.000Z', update_time: updateTime, proposed_time: null, refusal_reason: null,
          cancelled_at: cancelledAt,
          // An accepted order is in the kitchen; no other has a kitchen status.
          kitchen_status: status === 2 ? kitchenStatus : null,
          kitchen_status_changed_at: status === 2 ? '2026-11-24T18:01:00.000Z' : null,
        })
        .execute();
    await basket('scheduled', '2026-11-24T19:00:00.000Z', true);
    await basket('asap', null, true);
    await acceptance('asap', 2, '2026-11-24T18:20:00.000Z');
    await basket('refused', '2026-11-24T19:00:00.000Z', true);
    await acceptance('refused', 3, '2026-11-24T19:00:00.000Z');
    await basket('cancelled', '2026-11-24T19:00:00.000Z', true);
    await acceptance('cancelled', 0, '2026-11-24T19:00:00.000Z', '2026-11-24T18:05:00.000Z');
    await basket('unconfirmed', '2026-11-24T19:00:00.000Z', false);
    // Accepted, then cancelled by the kitchen (and refunded after): nothing left to cook, so the slot is free again.
    await basket('kitchen-cancelled', '2026-11-24T19:00:00.000Z', true);
    await acceptance('kitchen-cancelled', 2, '2026-11-24T19:00:00.000Z', null, KitchenStatus.Cancelled);
    await basket('refunded', '2026-11-24T19:00:00.000Z', true);
    await acceptance('refunded', 2, '2026-11-24T19:00:00.000Z', null, KitchenStatus.Refunded);
    // Accepted and cooking still counts.
    await basket('cooking', '2026-11-24T19:30:00.000Z', true);
    await acceptance('cooking', 2, '2026-11-24T19:30:00.000Z', null, KitchenStatus.Cooking);
    expect((await load.dueTimesBetween('2026-11-24T18:00:00.000Z', '2026-11-25T00:00:00.000Z')).sort()).toEqual([
      '2026-11-24T18:20:00.000Z',
      '2026-11-24T19:00:00.000Z',
      '2026-11-24T19:30:00.000Z',
    ]);
    expect(await load.dueTimesBetween('2026-11-24T18:30:00.000Z', '2026-11-24T18:59:00.000Z')).toEqual([]);
  });
});
