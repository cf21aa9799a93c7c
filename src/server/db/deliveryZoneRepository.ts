import type { Kysely, Transaction } from 'kysely';
import type { DeliveryZone } from '../domain/deliveryZones';
import { deliveryZoneOf } from './orderRepository';
import type { DatabaseSchema } from './schema';

// The owner's delivery zones (docs/back-office.md, "Delivery zones"): read whole and replaced whole inside saveEdit's
// transaction. Customers' look-ups read the table itself (orderRepository's zoneOfPostcode), so a save reaches every
// server's delivery checks with its commit.

/** A zone to save: its area already normalised ("LS6 2"), money in pence. */
export type DeliveryZoneToSave = Omit<DeliveryZone, 'deliveryZoneId'>;

export interface DeliveryZoneRepository {
  /** Every zone, by area. */
  list(): Promise<DeliveryZone[]>;
}

export function createDeliveryZoneRepository(db: Kysely<DatabaseSchema>): DeliveryZoneRepository {
  return { list: () => readZones(db) };
}

/** Every zone, by area, read through `db` (a transaction's, in a save). */
export async function readZones(db: Kysely<DatabaseSchema>): Promise<DeliveryZone[]> {
  const rows = await db.selectFrom('delivery_zones').selectAll().orderBy('postcode_area').execute();
  // The database's collation orders text differently on each dialect; the owner's list reads the same on both.
  return rows.map(deliveryZoneOf).sort((first, second) => (first.postcodeArea < second.postcodeArea ? -1 : 1));
}

/**
 * Makes the table hold exactly `zones`: a zone whose area stays listed keeps its id (orders and baskets refer to it),
 * one no longer listed is removed (a basket priced in it loses its zone and is priced again before it is confirmed),
 * a new area gets a new id. Answers the zones before and after.
 */
export async function replaceDeliveryZones(
  transaction: Transaction<DatabaseSchema>,
  zones: readonly DeliveryZoneToSave[],
): Promise<{ before: DeliveryZone[]; after: DeliveryZone[] }> {
  const before = await readZones(transaction);
  // Read before any removal, so that a new zone never takes the id of one removed in the same save.
  const highest = await transaction.selectFrom('delivery_zones').select((eb) => eb.fn.max('delivery_zone_id').as('highest')).executeTakeFirst();
  const listed = new Set(zones.map((zone) => zone.postcodeArea));
  const removed = before.filter((zone) => !listed.has(zone.postcodeArea)).map((zone) => zone.deliveryZoneId);
  if (removed.length > 0) await transaction.deleteFrom('delivery_zones').where('delivery_zone_id', 'in', removed).execute();

  const restaurant = await transaction.selectFrom('restaurant').select('restaurant_id').orderBy('restaurant_id').limit(1).executeTakeFirstOrThrow();
  // Ids are given here, not by the database: the table's key has no generator on PostgreSQL. saveEdit's lock on the
  // zones' revision lets one save at a time get here.
  let nextId = Number(highest?.highest ?? 0) + 1;
  const existing = new Map(before.map((zone) => [zone.postcodeArea, zone]));
  for (const zone of zones) {
    const columns = { zone_name: zone.name, delivery_charge: zone.deliveryChargePence, minimum_order_value: zone.minimumOrderPence };
    const kept = existing.get(zone.postcodeArea);
    if (kept !== undefined) {
      await transaction.updateTable('delivery_zones').set(columns).where('delivery_zone_id', '=', kept.deliveryZoneId).execute();
    } else {
      await transaction
        .insertInto('delivery_zones')
        .values({ ...columns, delivery_zone_id: nextId, restaurant_id: restaurant.restaurant_id, postcode_area: zone.postcodeArea })
        .execute();
      nextId += 1;
    }
  }
  return { before, after: await readZones(transaction) };
}
