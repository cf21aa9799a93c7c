import { parseUkPostcode } from '../../domain/contactRules';
import { checkedDeliveryZones } from '../../domain/deliveryZoneRules';
import { formatGbp, penceToPounds, poundsToPence } from '../../domain/money';
import type { components } from '../../api/schema.gen';
import type { AuditRecord } from '../db/editRepository';
import { replaceDeliveryZones, type DeliveryZoneToSave } from '../db/deliveryZoneRepository';
import type { DeliveryZone } from '../domain/deliveryZones';
import { POSTCODE_FORMAT_MESSAGE } from '../domain/postcodes';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { saveEdit } from './ownerEdits';

type ManagedDeliveryZone = components['schemas']['ManagedDeliveryZone'];

function managedZoneOf(zone: DeliveryZone): ManagedDeliveryZone {
  return {
    deliveryZoneId: zone.deliveryZoneId,
    postcodeArea: zone.postcodeArea,
    name: zone.name,
    deliveryCharge: penceToPounds(zone.deliveryChargePence),
    minimumOrderValue: penceToPounds(zone.minimumOrderPence),
  };
}

const zoneTerms = (zone: DeliveryZone) => `delivery ${formatGbp(zone.deliveryChargePence)}, minimum order ${formatGbp(zone.minimumOrderPence)}`;

/** One audit line per zone added, removed or changed, as the owner reads them. */
export function zoneChanges(before: readonly DeliveryZone[], after: readonly DeliveryZone[]): AuditRecord[] {
  const records: AuditRecord[] = [];
  const afterByArea = new Map(after.map((zone) => [zone.postcodeArea, zone]));
  const beforeByArea = new Map(before.map((zone) => [zone.postcodeArea, zone]));
  for (const old of before) {
    const now = afterByArea.get(old.postcodeArea);
    if (now === undefined) {
      records.push({ area: 'zones', summary: `Zone ${old.postcodeArea} (${old.name}) removed: no more deliveries there`, before: old, after: null });
      continue;
    }
    const changes = [
      old.name !== now.name ? `name ${old.name} → ${now.name}` : undefined,
      old.deliveryChargePence !== now.deliveryChargePence ? `delivery ${formatGbp(old.deliveryChargePence)} → ${formatGbp(now.deliveryChargePence)}` : undefined,
      old.minimumOrderPence !== now.minimumOrderPence ? `minimum order ${formatGbp(old.minimumOrderPence)} → ${formatGbp(now.minimumOrderPence)}` : undefined,
    ].filter((change) => change !== undefined);
    if (changes.length > 0) records.push({ area: 'zones', summary: `Zone ${now.postcodeArea}: ${changes.join(', ')}`, before: old, after: now });
  }
  for (const now of after) {
    if (!beforeByArea.has(now.postcodeArea)) {
      records.push({ area: 'zones', summary: `Zone ${now.postcodeArea} (${now.name}) added: ${zoneTerms(now)}`, before: null, after: now });
    }
  }
  return records;
}

// The owner's delivery zones (docs/back-office.md, "Delivery zones").
export const manageZoneHandlers: Pick<HandlerMap, 'getDeliveryZones' | 'saveDeliveryZones' | 'checkDeliveryZone'> = {
  async getDeliveryZones(request) {
    const { repositories } = request.server;
    const [zones, revision] = await Promise.all([repositories.deliveryZones.list(), repositories.edits.revisionOf('zones')]);
    return { data: { zones: zones.map(managedZoneOf), revision } };
  },

  async saveDeliveryZones(request) {
    const { revision, zones } = request.body;
    const checked = checkedDeliveryZones(zones);
    if (!checked.ok) throw new ApiError(400, null, checked.failures);
    const toSave: DeliveryZoneToSave[] = checked.zones.map((zone) => ({
      postcodeArea: zone.postcodeArea,
      name: zone.name,
      deliveryChargePence: poundsToPence(zone.deliveryCharge),
      minimumOrderPence: poundsToPence(zone.minimumOrderValue),
    }));
    const saved = await saveEdit(request, 'zones', revision, async (transaction) => {
      const { before, after } = await replaceDeliveryZones(transaction, toSave);
      return { result: after, audit: zoneChanges(before, after) };
    });
    return { data: { zones: saved.result.map(managedZoneOf), revision: saved.revision } };
  },

  async checkDeliveryZone(request) {
    const postcode = parseUkPostcode(request.params.postcode);
    if (postcode === undefined) throw new ApiError(400, null, [{ field: 'postcode', message: POSTCODE_FORMAT_MESSAGE }]);
    const zone = await request.server.repositories.orders.findDeliveryZone(postcode);
    return { data: { postcode: postcode.postcode, zone: zone === undefined ? null : managedZoneOf(zone) } };
  },
};
