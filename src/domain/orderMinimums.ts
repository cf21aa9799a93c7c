import { formatGbp, poundsToPence } from './money';
import { OrderType, type OrderTypeValue } from './orderEnums';

// The minimum order values and the summary messages of SPEC §5. The browser shows the messages; the
// server refuses to confirm a basket below its minimum with the same figures, so both import this.

/** The takeaway settings that decide the minimums, in pence. */
export interface OrderMinimumSettings {
  allowCollection: boolean;
  allowOrdering: boolean;
  minimumCollectionOrderPence: number;
  /** The delivery minimum when the customer's delivery zone is not known yet. */
  minimumFreeOrderPence: number;
}

/** The takeaway settings as the API gives them (pounds), e.g. `restaurantData.takeawaySettings`. */
export interface TakeawayMinimumsInPounds {
  allowCollection: boolean;
  allowOrdering: boolean;
  minimumCollectionOrderValue: number;
  minimumFreeOrderValue: number;
}

export function orderMinimumSettingsFrom(settings: TakeawayMinimumsInPounds): OrderMinimumSettings {
  return {
    allowCollection: settings.allowCollection,
    allowOrdering: settings.allowOrdering,
    minimumCollectionOrderPence: poundsToPence(settings.minimumCollectionOrderValue),
    minimumFreeOrderPence: poundsToPence(settings.minimumFreeOrderValue),
  };
}

/**
 * The least discounted item total an order of this type needs. Delivery uses the zone's own minimum
 * once the address has placed the order in a zone (`checkDelivery` answers it as
 * `minimumOrderValue`), and the restaurant's minimumFreeOrderValue until then.
 */
export function minimumOrderPence(
  orderType: typeof OrderType.Collection | typeof OrderType.Delivery,
  settings: OrderMinimumSettings,
  zoneMinimumPence?: number,
): number {
  if (orderType === OrderType.Collection) return settings.minimumCollectionOrderPence;
  return zoneMinimumPence ?? settings.minimumFreeOrderPence;
}

/** How much more the discounted item total needs to reach the minimum (0 when it is reached). */
export function shortfallPence(
  orderType: typeof OrderType.Collection | typeof OrderType.Delivery,
  discountedItemTotalPence: number,
  settings: OrderMinimumSettings,
  zoneMinimumPence?: number,
): number {
  return Math.max(0, minimumOrderPence(orderType, settings, zoneMinimumPence) - discountedItemTotalPence);
}

/** Whether an order of this type may be placed at all, and reaches its minimum. */
export function meetsMinimum(
  orderType: OrderTypeValue,
  discountedItemTotalPence: number,
  settings: OrderMinimumSettings,
  zoneMinimumPence?: number,
): boolean {
  if (orderType === OrderType.Collection && !settings.allowCollection) return false;
  if (orderType === OrderType.Delivery && !settings.allowOrdering) return false;
  if (orderType === OrderType.NotSet) return false;
  return shortfallPence(orderType, discountedItemTotalPence, settings, zoneMinimumPence) === 0;
}

export function collectionMessage(discountedItemTotalPence: number, settings: OrderMinimumSettings): string {
  if (!settings.allowCollection) return 'Collection unavailable';
  const shortfall = shortfallPence(OrderType.Collection, discountedItemTotalPence, settings);
  return shortfall === 0 ? 'Collection available' : `Add ${formatGbp(shortfall)} to collect`;
}

export function deliveryMessage(
  discountedItemTotalPence: number,
  settings: OrderMinimumSettings,
  zoneMinimumPence?: number,
): string {
  if (!settings.allowOrdering) return 'Delivery unavailable';
  const shortfall = shortfallPence(OrderType.Delivery, discountedItemTotalPence, settings, zoneMinimumPence);
  return shortfall === 0 ? 'Delivery available' : `Add ${formatGbp(shortfall)} to deliver`;
}

/** SPEC §5's two summary messages for a basket. */
export function orderSummaryMessages(
  discountedItemTotalPence: number,
  settings: OrderMinimumSettings,
  zoneMinimumPence?: number,
): { collection: string; delivery: string } {
  return {
    collection: collectionMessage(discountedItemTotalPence, settings),
    delivery: deliveryMessage(discountedItemTotalPence, settings, zoneMinimumPence),
  };
}
