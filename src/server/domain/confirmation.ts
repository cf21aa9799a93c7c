import { formatGbp } from '../../domain/money';
import { minimumOrderPence, shortfallPence, type OrderMinimumSettings } from '../../domain/orderMinimums';
import { type Basket } from './basket';
import { hasContactDetails } from './contactDetails';
import type { DeliveryZone } from './deliveryZones';
import type { OpeningPeriod } from '../../domain/openingHours';
import { isAsapAvailable, isAvailableSlot } from './slots';
import { orderSizeRefusal, type OrderSizeLimits } from '../../domain/orderSizeLimits';
import { OrderType, PaymentType, type PaymentTypeValue } from '../../domain/orderEnums';

export interface ConfirmationContext {
  now: Date;
  /** The takeaway's allowOrdering and the restaurant's onlineOrderingAllowed, both. */
  orderingAllowed: boolean;
  minimums: OrderMinimumSettings;
  openingPeriods: readonly OpeningPeriod[];
  leadMinutes: { collection: number; delivery: number };
  /** The menu version the restaurant serves now. */
  menuVersion: number;
  /** The basket's delivery zone as the database holds it now (undefined when there is none). */
  zone: DeliveryZone | undefined;
  /** Whether the order comes with a payment PayPal authorised (authoriseCapture); a cash order is placed without. */
  paidOnline: boolean;
  /** The takeaway's allowCashPayment. */
  cashAllowed: boolean;
  orderSizeLimits: OrderSizeLimits;
}


export const CASH_NOT_TAKEN_MESSAGE = 'The restaurant is not taking cash at the moment: please pay by PayPal or card';

/** Why a basket may not be paid this way now (cash where the restaurant does not take it); undefined when it may. */
export function paymentTypeRefusal(paymentType: PaymentTypeValue, cashAllowed: boolean): string | undefined {
  return paymentType === PaymentType.CashOrder && !cashAllowed ? CASH_NOT_TAKEN_MESSAGE : undefined;
}

/**
 * Why a basket cannot be confirmed, in the journey's order, as the customer should read it; undefined
 * when it can. Every figure is the server's own (the basket was priced by the server when saved).
 */
export function confirmationRefusal(basket: Basket, context: ConfirmationContext): string | undefined {
  if (!context.orderingAllowed) return 'Online ordering is not available at the moment';
  if (basket.lines.length === 0) return 'Your basket is empty';
  if (basket.menuVersion !== context.menuVersion) {
    return 'The menu has changed since this basket was priced: please review your basket';
  }
  if (basket.orderType === OrderType.NotSet) return 'Choose collection or delivery';
  if (basket.orderType === OrderType.Collection && !context.minimums.allowCollection) {
    return 'Collection is not available at the moment';
  }

  const isDelivery = basket.orderType === OrderType.Delivery;
  if (isDelivery) {
    if (basket.deliveryAddress === null) return 'Enter your delivery address';
    if (context.zone === undefined) return `Sorry, we do not deliver to ${basket.deliveryAddress.postcode}`;
  }
  const zoneMinimum = isDelivery ? context.zone?.minimumOrderPence : undefined;
  const shortfall = shortfallPence(basket.orderType, basket.pricing.itemCostPence, context.minimums, zoneMinimum);
  if (shortfall > 0) {
    const minimum = formatGbp(minimumOrderPence(basket.orderType, context.minimums, zoneMinimum));
    return isDelivery
      ? `Add ${formatGbp(shortfall)} to deliver: the minimum order for delivery is ${minimum}`
      : `Add ${formatGbp(shortfall)} to collect: the minimum order for collection is ${minimum}`;
  }

  if (!hasContactDetails(basket)) return 'Enter your name, a UK phone number and your email address';

  const slotQuery = {
    now: context.now,
    openingPeriods: context.openingPeriods,
    leadMinutes: isDelivery ? context.leadMinutes.delivery : context.leadMinutes.collection,
  };
  if (basket.asap) {
    if (!isAsapAvailable(slotQuery)) return 'ASAP is not available now: please choose a time';
  } else if (basket.requestedTime === null) {
    return 'Choose ASAP or a time for your order';
  } else if (!isAvailableSlot(basket.requestedTime, slotQuery)) {
    return 'The time you chose is no longer available: please choose another time';
  }

  if (basket.paymentType === PaymentType.NotSet) return 'Choose how you will pay';
  const paymentRefusal = paymentTypeRefusal(basket.paymentType, context.cashAllowed);
  if (paymentRefusal !== undefined) return paymentRefusal;
  // The update refused it too, unless the restaurant lowered its limits since.
  const sizeRefusal = orderSizeRefusal(basket.pricing.totalCostPence, basket.paymentType, context.orderSizeLimits);
  if (sizeRefusal !== undefined) return sizeRefusal.message;
  if (basket.paymentType === PaymentType.InternetOrder && !context.paidOnline) return 'Pay for this order online before placing it';
  if (basket.paymentType === PaymentType.CashOrder && context.paidOnline) return 'This order is to be paid in cash: place it without paying online';
  return undefined;
}
