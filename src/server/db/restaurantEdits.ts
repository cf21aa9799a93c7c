import type { Kysely } from 'kysely';
import type { BusyMode } from '../../domain/busyMode';
import { penceToPounds, poundsToPence } from '../../domain/money';
import type { OpeningHoursEdit } from '../../domain/openingHoursRules';
import type { SpecialDay } from '../../domain/openingHours';
import type { SettingsPhoto, TakeawaySettingsEdit } from '../../domain/takeawaySettingsRules';
import type { DatabaseSchema } from './schema';

// The restaurant's settings, opening hours and busy mode as the back office reads and writes them (docs/back-office.md).
// Each takes the database or a save's transaction. The product serves one restaurant: the first one.

/** The owner's settings as stored: the automatic-refusal time is null until the owner saves one. */
export type StoredSettings = Omit<TakeawaySettingsEdit, 'acceptanceTimeoutSeconds'> & { acceptanceTimeoutSeconds: number | null };

async function settingsRow(db: Kysely<DatabaseSchema>) {
  const row = await db.selectFrom('takeaway_settings').selectAll().orderBy('restaurant_id').limit(1).executeTakeFirst();
  // The database is seeded on first start, so a missing restaurant is a broken deployment.
  if (row === undefined) throw new Error('The takeaway settings are missing from the database');
  return row;
}

export async function readSettings(db: Kysely<DatabaseSchema>): Promise<{ restaurantId: number; settings: StoredSettings }> {
  const row = await settingsRow(db);
  return {
    restaurantId: row.restaurant_id,
    settings: {
      allowOrdering: row.allow_ordering === 1,
      allowCollection: row.allow_collection === 1,
      allowCashPayment: row.allow_cash_payment === 1,
      minimumCollectionOrderValue: penceToPounds(row.minimum_collection_order_value),
      minimumFreeOrderValue: penceToPounds(row.minimum_free_order_value),
      standardDeliveryCharge: penceToPounds(row.standard_delivery_charge),
      bagCharge: penceToPounds(row.bag_charge),
      maximumCashOrderValue: penceToPounds(row.maximum_cash_order_value),
      maximumOrderValue: penceToPounds(row.maximum_order_value),
      acceptanceTimeoutSeconds: row.acceptance_timeout_seconds,
      orderDaysAhead: row.order_days_ahead,
      ...(row.share_photo === null ? {} : { sharePhoto: JSON.parse(row.share_photo) as SettingsPhoto }),
    },
  };
}

export async function writeSettings(db: Kysely<DatabaseSchema>, restaurantId: number, settings: TakeawaySettingsEdit): Promise<void> {
  await db
    .updateTable('takeaway_settings')
    .set({
      allow_ordering: settings.allowOrdering ? 1 : 0,
      allow_collection: settings.allowCollection ? 1 : 0,
      allow_cash_payment: settings.allowCashPayment ? 1 : 0,
      minimum_collection_order_value: poundsToPence(settings.minimumCollectionOrderValue),
      minimum_free_order_value: poundsToPence(settings.minimumFreeOrderValue),
      standard_delivery_charge: poundsToPence(settings.standardDeliveryCharge),
      bag_charge: poundsToPence(settings.bagCharge),
      maximum_cash_order_value: poundsToPence(settings.maximumCashOrderValue),
      maximum_order_value: poundsToPence(settings.maximumOrderValue),
      acceptance_timeout_seconds: settings.acceptanceTimeoutSeconds,
      order_days_ahead: settings.orderDaysAhead,
      share_photo: settings.sharePhoto === undefined ? null : JSON.stringify(settings.sharePhoto),
    })
    .where('restaurant_id', '=', restaurantId)
    .execute();
}

export async function readHours(db: Kysely<DatabaseSchema>): Promise<{ restaurantId: number; hours: OpeningHoursEdit }> {
  const row = await settingsRow(db);
  const [weekly, specialDays] = await Promise.all([
    db.selectFrom('opening_periods').select(['day', 'opens', 'closes']).where('restaurant_id', '=', row.restaurant_id).orderBy('day').orderBy('opens').execute(),
    db.selectFrom('special_days').select(['special_date', 'message', 'sessions']).where('restaurant_id', '=', row.restaurant_id).orderBy('special_date').execute(),
  ]);
  return {
    restaurantId: row.restaurant_id,
    hours: {
      weekly,
      specialDays: specialDays.map((day) => ({ date: day.special_date, message: day.message, sessions: JSON.parse(day.sessions) as SpecialDay['sessions'] })),
      collectionLeadMinutes: row.collection_lead_minutes,
      deliveryLeadMinutes: row.delivery_lead_minutes,
      slotMinutes: row.slot_minutes,
      ordersPerSlot: row.orders_per_slot,
    },
  };
}

/** Replaces the weekly periods and special days, and sets the lead times and slots. */
export async function writeHours(db: Kysely<DatabaseSchema>, restaurantId: number, hours: OpeningHoursEdit): Promise<void> {
  await db.deleteFrom('opening_periods').where('restaurant_id', '=', restaurantId).execute();
  if (hours.weekly.length > 0) {
    await db.insertInto('opening_periods').values(hours.weekly.map((period) => ({ restaurant_id: restaurantId, ...period }))).execute();
  }
  await db.deleteFrom('special_days').where('restaurant_id', '=', restaurantId).execute();
  if (hours.specialDays.length > 0) {
    await db
      .insertInto('special_days')
      .values(
        hours.specialDays.map((day) => ({
          restaurant_id: restaurantId,
          special_date: day.date,
          message: day.message,
          sessions: JSON.stringify(day.sessions.map(({ opens, closes }) => ({ opens, closes }))),
        })),
      )
      .execute();
  }
  await db
    .updateTable('takeaway_settings')
    .set({
      collection_lead_minutes: hours.collectionLeadMinutes,
      delivery_lead_minutes: hours.deliveryLeadMinutes,
      slot_minutes: hours.slotMinutes,
      orders_per_slot: hours.ordersPerSlot,
    })
    .where('restaurant_id', '=', restaurantId)
    .execute();
}

export async function readBusyMode(db: Kysely<DatabaseSchema>): Promise<{ restaurantId: number; busyMode: BusyMode }> {
  const row = await settingsRow(db);
  return {
    restaurantId: row.restaurant_id,
    busyMode: {
      paused: row.busy_paused === 1,
      ...(row.busy_paused_until === null ? {} : { pausedUntil: row.busy_paused_until }),
      extraMinutes: row.busy_extra_minutes,
    },
  };
}

export async function writeBusyMode(db: Kysely<DatabaseSchema>, restaurantId: number, busyMode: BusyMode): Promise<void> {
  await db
    .updateTable('takeaway_settings')
    .set({ busy_paused: busyMode.paused ? 1 : 0, busy_paused_until: busyMode.pausedUntil ?? null, busy_extra_minutes: busyMode.extraMinutes })
    .where('restaurant_id', '=', restaurantId)
    .execute();
}

/** The reads the back office makes outside a save. */
export interface RestaurantEditReader {
  readSettings(): ReturnType<typeof readSettings>;
  readHours(): ReturnType<typeof readHours>;
}

export function createRestaurantEditReader(db: Kysely<DatabaseSchema>): RestaurantEditReader {
  return { readSettings: () => readSettings(db), readHours: () => readHours(db) };
}
