import type { BasketPricing, PricedLine } from './basket';
import type { DeliveryZone } from './deliveryZones';
import { discountBreakdown, type DiscountEntitlement } from './discounts';
import { OrderType, type OrderTypeValue } from '../../domain/orderEnums';

export interface ChargeSettings {
  /** Charged once per order that has lines (the carrier bag charge). */
  bagChargePence: number;
  /** A delivery order's charge until its address places it in a delivery zone. */
  standardDeliveryChargePence: number;
}

export interface PricedBasket extends BasketPricing {
  /** What each of the entitlement's vouchers takes off, in its order. */
  voucherDiscountsPence: number[];
}

/**
 * The basket's figures: lines → item total → discounts (see discounts.ts) → discounted item total,
 * then the bag charge and the delivery charge are added: total = discounted items + bag + delivery.
 */
export function priceBasket({
  lines,
  orderType,
  charges,
  zone,
  entitlement,
}: {
  lines: readonly PricedLine[];
  orderType: OrderTypeValue;
  charges: ChargeSettings;
  /** Only its charge is priced. */
  zone: Pick<DeliveryZone, 'deliveryChargePence'> | undefined;
  entitlement: DiscountEntitlement;
}): PricedBasket {
  const originalItemCostPence = lines.reduce((sum, line) => sum + line.lineCostPence, 0);
  const discounts = discountBreakdown(originalItemCostPence, entitlement);
  const itemCostPence = originalItemCostPence - discounts.totalPence;
  const bagChargePence = lines.length > 0 ? charges.bagChargePence : 0;
  const deliveryChargePence =
    orderType === OrderType.Delivery && lines.length > 0 ? (zone?.deliveryChargePence ?? charges.standardDeliveryChargePence) : 0;
  return {
    originalItemCostPence,
    discountPence: discounts.totalPence,
    profileDiscountPence: discounts.profilePence,
    voucherDiscountsPence: discounts.voucherPence,
    discountPercent: entitlement.profilePercent,
    itemCostPence,
    bagChargePence,
    deliveryChargePence,
    totalCostPence: itemCostPence + bagChargePence + deliveryChargePence,
  };
}
