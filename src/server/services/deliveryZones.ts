import { checkedDeliveryZones, deliveryZoneMessages, zonesOutOfReach, type DeliveryZoneDraft } from '../../domain/deliveryZoneRules';
import { formatGbp, poundsToPence } from '../../domain/money';
import type { AuditRecord, EditOutcome, Editor } from '../db/editRepository';
import { replaceDeliveryZones, type DeliveryZoneToSave } from '../db/deliveryZoneRepository';
import { readSettings } from '../db/restaurantEdits';
import type { DeliveryZone } from '../domain/deliveryZones';
import { ApiError } from '../errors';
import { saveEdit } from './ownerChanges';
import type { ServiceContext } from './serviceContext';

// The owner's delivery zones (docs/back-office.md, "Delivery zones"): read and saved as a whole against their revision.

const zoneTerms = (zone: DeliveryZone) => `delivery ${formatGbp(zone.deliveryChargePence)}, minimum order ${formatGbp(zone.minimumOrderPence)}`;

/** One audit line per zone added, removed or changed, as the owner reads them. */
function zoneChanges(before: readonly DeliveryZone[], after: readonly DeliveryZone[]): AuditRecord[] {
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

/** The zones and the revision they are at. */
export async function deliveryZones({ repositories }: ServiceContext): Promise<{ zones: DeliveryZone[]; revision: number }> {
  const [zones, revision] = await Promise.all([repositories.deliveryZones.list(), repositories.edits.revisionOf('zones')]);
  return { zones, revision };
}

/** Replaces the zones if they are still at `revision`, with an audit line per zone changed; zones that break a rule are refused (400). */
export function saveDeliveryZones(context: ServiceContext, who: { editor: Editor; now: Date }, revision: number, zones: readonly DeliveryZoneDraft[]): Promise<EditOutcome<DeliveryZone[]>> {
  const checked = checkedDeliveryZones(zones);
  if (!checked.ok) throw new ApiError(400, null, checked.failures);
  const toSave: DeliveryZoneToSave[] = checked.zones.map((zone) => ({
    postcodeArea: zone.postcodeArea,
    name: zone.name,
    deliveryChargePence: poundsToPence(zone.deliveryCharge),
    minimumOrderPence: poundsToPence(zone.minimumOrderValue),
  }));
  return saveEdit(context, 'zones', revision, who, async (transaction) => {
    const largestOrderPence = poundsToPence((await readSettings(transaction)).settings.maximumOrderValue);
    const outOfReach = zonesOutOfReach(toSave, largestOrderPence);
    if (outOfReach.length > 0) {
      throw new ApiError(400, null, outOfReach.map(({ index }) => ({ field: `zones[${index}].minimumOrderValue`, message: deliveryZoneMessages.aboveLargestOrder(largestOrderPence) })));
    }
    const { before, after } = await replaceDeliveryZones(transaction, toSave);
    return { result: after, audit: zoneChanges(before, after) };
  });
}
