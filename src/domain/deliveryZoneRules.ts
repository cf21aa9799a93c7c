// The rules of the owner's delivery zones (docs/back-office.md, "Delivery zones"), with the message each broken rule
// gives after its field's name: the zones form checks them first and the server again on every save. The limits are
// the contract's (openapi.yaml: ManagedDeliveryZone).
import { atLeastCharacters, atMostCharacters } from './limitMessages';
import { formatGbp, poundsToPence } from './money';

export const MAX_DELIVERY_ZONES = 100;
export const MAX_ZONE_NAME_LENGTH = 60;
export const MAX_DELIVERY_CHARGE_POUNDS = 50;
export const MAX_ZONE_MINIMUM_ORDER_POUNDS = 500;

export const deliveryZoneMessages = {
  areaFormat: 'must be a postcode district such as LS6 or a sector such as LS6 2',
  areaRepeated: 'is already listed above',
  nameEmpty: atLeastCharacters(1),
  nameTooLong: atMostCharacters(MAX_ZONE_NAME_LENGTH),
  chargeRange: `must be from £0.00 to £${MAX_DELIVERY_CHARGE_POUNDS}.00, in pounds and pence`,
  minimumRange: `must be from £0.00 to £${MAX_ZONE_MINIMUM_ORDER_POUNDS}.00, in pounds and pence`,
  tooMany: `must list at most ${MAX_DELIVERY_ZONES} zones`,
  aboveLargestOrder: (largestOrderPence: number) => `must not be more than the largest order, ${formatGbp(largestOrderPence)} (in Settings): no order could reach it`,
} as const;

/** The settings' refusal of a largest order below a zone's minimum, at its field. */
export const largestOrderBelowZoneMessage = (zone: { postcodeArea: string; minimumOrderPence: number }) =>
  `The largest order must not be less than the minimum order of zone ${zone.postcodeArea}, ${formatGbp(zone.minimumOrderPence)} (in Delivery zones): no delivery there could reach it`;

/**
 * The zones whose minimum order no order could reach, the largest order allowed (Settings) being lower: the zones'
 * save refuses such a minimum and the settings' save such a largest order, so that no area is listed for deliveries
 * that can never be ordered (docs/back-office.md, "Delivery zones").
 */
export function zonesOutOfReach<Zone extends { minimumOrderPence: number }>(zones: readonly Zone[], largestOrderPence: number): { zone: Zone; index: number }[] {
  return zones.flatMap((zone, index) => (zone.minimumOrderPence > largestOrderPence ? [{ zone, index }] : []));
}

// A UK postcode's outward code (area letters, district digits, an optional letter or digit), alone or with the first
// digit of the inward code: the sector. As src/domain/contactRules.ts reads a whole postcode.
const districtPattern = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
const sectorPattern = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ([0-9])$/;

/**
 * "ls6" → "LS6", " ls6  2 " → "LS6 2"; undefined when it is neither a district nor a sector. A sector is written with
 * its space: "LS62" reads as the district LS62.
 */
export function normalisedPostcodeArea(text: string): string | undefined {
  const area = text.trim().replace(/\s+/g, ' ').toUpperCase();
  return districtPattern.test(area) || sectorPattern.test(area) ? area : undefined;
}

/** A zone as the owner types it: money in pounds, as the API speaks. */
export interface DeliveryZoneDraft {
  postcodeArea: string;
  name: string;
  deliveryCharge: number;
  minimumOrderValue: number;
}

export interface ZoneFieldFailure {
  /** `zones[3].postcodeArea`, as the body names it. */
  field: string;
  message: string;
}

/** Pounds with at most two decimals, from 0 to `highest`. */
function isPoundsUpTo(pounds: number, highest: number): boolean {
  return Number.isFinite(pounds) && pounds >= 0 && pounds <= highest && Math.abs(pounds * 100 - poundsToPence(pounds)) < 1e-6;
}

export type CheckedDeliveryZones = { ok: true; zones: DeliveryZoneDraft[] } | { ok: false; failures: ZoneFieldFailure[] };

/** The zones as they are saved (areas normalised, names trimmed), or every broken rule, each naming its field. */
export function checkedDeliveryZones(zones: readonly DeliveryZoneDraft[]): CheckedDeliveryZones {
  const failures = deliveryZoneFailures(zones);
  if (failures.length > 0) return { ok: false, failures };
  return { ok: true, zones: zones.map((zone) => ({ ...zone, postcodeArea: normalisedPostcodeArea(zone.postcodeArea) ?? zone.postcodeArea, name: zone.name.trim() })) };
}

/** Every broken rule of a whole list of zones, each naming its field; empty when the list may be saved. */
export function deliveryZoneFailures(zones: readonly DeliveryZoneDraft[]): ZoneFieldFailure[] {
  const failures: ZoneFieldFailure[] = [];
  if (zones.length > MAX_DELIVERY_ZONES) failures.push({ field: 'zones', message: deliveryZoneMessages.tooMany });
  const seen = new Set<string>();
  zones.forEach((zone, index) => {
    const field = (name: keyof DeliveryZoneDraft) => `zones[${index}].${name}`;
    const area = normalisedPostcodeArea(zone.postcodeArea);
    if (area === undefined) failures.push({ field: field('postcodeArea'), message: deliveryZoneMessages.areaFormat });
    else if (seen.has(area)) failures.push({ field: field('postcodeArea'), message: deliveryZoneMessages.areaRepeated });
    else seen.add(area);
    const name = zone.name.trim();
    if (name === '') failures.push({ field: field('name'), message: deliveryZoneMessages.nameEmpty });
    else if (name.length > MAX_ZONE_NAME_LENGTH) failures.push({ field: field('name'), message: deliveryZoneMessages.nameTooLong });
    if (!isPoundsUpTo(zone.deliveryCharge, MAX_DELIVERY_CHARGE_POUNDS)) {
      failures.push({ field: field('deliveryCharge'), message: deliveryZoneMessages.chargeRange });
    }
    if (!isPoundsUpTo(zone.minimumOrderValue, MAX_ZONE_MINIMUM_ORDER_POUNDS)) {
      failures.push({ field: field('minimumOrderValue'), message: deliveryZoneMessages.minimumRange });
    }
  });
  return failures;
}
