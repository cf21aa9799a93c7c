import { formatGbp, poundsToPence } from './money';
import { PaymentType, type PaymentTypeValue } from './orderEnums';

// The largest orders the restaurant takes online (TakeawaySettings maximumCashOrderValue and maximumOrderValue); larger ones
// are placed by phone. The server refuses them; the checkout offers cash only within its limit, in the same words.

/** The limits in pence, with the restaurant's phone number for the customer to call instead. */
export interface OrderSizeLimits {
  maximumCashOrderPence: number;
  maximumOrderPence: number;
  phone: string;
}

/** From the restaurant data as the API gives it (pounds). */
export function orderSizeLimitsFrom(restaurant: {
  phone: string;
  takeawaySettings: { maximumCashOrderValue: number; maximumOrderValue: number };
}): OrderSizeLimits {
  return {
    maximumCashOrderPence: poundsToPence(restaurant.takeawaySettings.maximumCashOrderValue),
    maximumOrderPence: poundsToPence(restaurant.takeawaySettings.maximumOrderValue),
    phone: restaurant.phone,
  };
}

export const cashOrderTooLargeMessage = (limits: OrderSizeLimits) =>
  `Orders over ${formatGbp(limits.maximumCashOrderPence)} paid in cash must be placed by phone: please call ${limits.phone}`;

export const orderTooLargeMessage = (limits: OrderSizeLimits) =>
  `Orders over ${formatGbp(limits.maximumOrderPence)} must be placed by phone: please call ${limits.phone}`;

export function takesCashFor(totalCostPence: number, limits: OrderSizeLimits): boolean {
  return totalCostPence <= limits.maximumCashOrderPence;
}

/**
 * Why an order of this total may not be placed online paid this way, at the field its form shows (the basket's items, or
 * the way to pay when paying online would do); undefined when it may.
 */
export function orderSizeRefusal(
  totalCostPence: number,
  paymentType: PaymentTypeValue,
  limits: OrderSizeLimits,
): { field: 'orderItems' | 'paymentType'; message: string } | undefined {
  if (totalCostPence > limits.maximumOrderPence) return { field: 'orderItems', message: orderTooLargeMessage(limits) };
  if (paymentType === PaymentType.CashOrder && !takesCashFor(totalCostPence, limits)) {
    return { field: 'paymentType', message: cashOrderTooLargeMessage(limits) };
  }
  return undefined;
}
