import { formatGbp } from '../../domain/money';
import { minimumOrderPence, shortfallPence, type OrderMinimumSettings } from '../../domain/orderMinimums';
import { type Basket } from './basket';
import { hasContactDetails, hasPhoneOrderContact } from './contactDetails';
import type { DeliveryZone } from './deliveryZones';
import type { OpeningPeriod, SpecialDay } from '../../domain/openingHours';
import { beyondDaysAheadMessage, isAsapAvailable, isAvailableSlot, isBeyondDaysAhead, slotOf, DEFAULT_SLOT_MINUTES, type SlotQuery } from './slots';
import { orderSizeRefusal, type OrderSizeLimits } from '../../domain/orderSizeLimits';
import { OrderType, PaymentType, type PaymentTypeValue } from '../../domain/orderEnums';

export interface ConfirmationContext {
  now: Date;
  /** The takeaway's allowOrdering and the restaurant's onlineOrderingAllowed, both. */
  orderingAllowed: boolean;
  minimums: OrderMinimumSettings;
  openingPeriods: readonly OpeningPeriod[];
  specialDays: readonly SpecialDay[];
  /** The lead times with busy mode's extra minutes. */
  leadMinutes: { collection: number; delivery: number };
  slotMinutes: number;
  /** How many days ahead customers may order (the owner's, 0 to 7). */
  daysAhead: number;
  /** Slots (epoch milliseconds) holding the most orders they take. */
  fullSlots: ReadonlySet<number>;
  /** Busy mode's message while it pauses new orders; undefined when it does not. */
  busyPauseMessage: string | undefined;
  /** The menu version the restaurant serves now. */
  menuVersion: number;
  /** Dishes and options sold out now ("sold out today"): configId null for the whole dish. */
  soldOut: readonly { itemId: number; configId: number | null }[];
  /** The zone the basket's delivery postcode falls in as the database holds it now (undefined when there is none). */
  zone: DeliveryZone | undefined;
  /** Whether the order comes with a payment PayPal authorised (authoriseCapture); a cash order is placed without. */
  paidOnline: boolean;
  /** The takeaway's allowCashPayment. */
  cashAllowed: boolean;
  orderSizeLimits: OrderSizeLimits;
}


export const SLOT_FULL_MESSAGE = 'The time you chose is now fully booked: please choose another time';

/** Reconciliation found the order not placed long after PayPal authorised it, and released the money (docs/payments.md). */
export const PAYMENT_RELEASED_MESSAGE = 'The money PayPal held for this payment has been released and the order was not placed.';
export const CASH_NOT_TAKEN_MESSAGE = 'The restaurant is not taking cash at the moment: please pay by PayPal or card';

/** Why a basket may not be paid this way now (cash where the restaurant does not take it); undefined when it may. */
export function paymentTypeRefusal(paymentType: PaymentTypeValue, cashAllowed: boolean): string | undefined {
  return paymentType === PaymentType.CashOrder && !cashAllowed ? CASH_NOT_TAKEN_MESSAGE : undefined;
}

/** The basket's lines sold out today, named as the customer added them; undefined when none is. */
function soldOutLinesRefusal(basket: Basket, soldOut: ConfirmationContext['soldOut']): string | undefined {
  const titles = basket.lines
    .filter((line) => soldOut.some((mark) => mark.itemId === line.itemId && (mark.configId === null || mark.configId === line.configId)))
    .map((line) => (line.configOption === null ? line.title : `${line.title} (${line.configOption})`));
  if (titles.length === 0) return undefined;
  const named = titles.length === 1 ? `${titles[0]} is` : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)} are`;
  return `Sorry, ${named} sold out today: please remove ${titles.length === 1 ? 'it' : 'them'} from your basket`;
}

/** Why an order cannot be had at its time (ASAP or a slot, its limit included); undefined when it can. */
export function orderTimeRefusal(order: { asap: boolean; requestedTime: string | null }, slotQuery: SlotQuery): string | undefined {
  if (order.asap) return isAsapAvailable(slotQuery) ? undefined : 'ASAP is not available now: please choose a time';
  if (order.requestedTime === null) return 'Choose ASAP or a time for your order';
  if (slotQuery.fullSlots?.has(slotOf(Date.parse(order.requestedTime), slotQuery.slotMinutes ?? DEFAULT_SLOT_MINUTES))) return SLOT_FULL_MESSAGE;
  if (isBeyondDaysAhead(order.requestedTime, slotQuery)) return beyondDaysAheadMessage(slotQuery.daysAhead ?? 0);
  if (!isAvailableSlot(order.requestedTime, slotQuery)) return 'The time you chose is no longer available: please choose another time';
  return undefined;
}

export const notDeliveredMessage = (postcode: string) => `Sorry, we do not deliver to ${postcode}`;

/**
 * Why a basket cannot be confirmed, in the journey's order, as the customer should read it; undefined
 * when it can. Every figure is the server's own (the basket was priced by the server when saved).
 */
export function confirmationRefusal(basket: Basket, context: ConfirmationContext): string | undefined {
  if (!context.orderingAllowed) return 'Online ordering is not available at the moment';
  if (context.busyPauseMessage !== undefined) return context.busyPauseMessage;
  if (basket.lines.length === 0) return 'Your basket is empty';
  if (basket.menuVersion !== context.menuVersion) {
    return 'The menu has changed since this basket was priced: please review your basket';
  }
  const soldOutRefusal = soldOutLinesRefusal(basket, context.soldOut);
  if (soldOutRefusal !== undefined) return soldOutRefusal;
  if (basket.orderType === OrderType.NotSet) return 'Choose collection or delivery';
  if (basket.orderType === OrderType.Collection && !context.minimums.allowCollection) {
    return 'Collection is not available at the moment';
  }

  const isDelivery = basket.orderType === OrderType.Delivery;
  if (isDelivery) {
    if (basket.deliveryAddress === null) return 'Enter your delivery address';
    if (context.zone === undefined) return notDeliveredMessage(basket.deliveryAddress.postcode);
    // The owner changed the zones since the basket was priced: it is never confirmed at a stale charge.
    if (context.zone.deliveryChargePence !== basket.pricing.deliveryChargePence) {
      return `The delivery charge to ${basket.deliveryAddress.postcode} has changed: please review your basket`;
    }
  }
  const zoneMinimum = isDelivery ? context.zone?.minimumOrderPence : undefined;
  const shortfall = shortfallPence(basket.orderType, basket.pricing.itemCostPence, context.minimums, zoneMinimum);
  if (shortfall > 0) {
    const minimum = formatGbp(minimumOrderPence(basket.orderType, context.minimums, zoneMinimum));
    return isDelivery
      ? `Add ${formatGbp(shortfall)} to deliver: the minimum order for delivery is ${minimum}`
      : `Add ${formatGbp(shortfall)} to collect: the minimum order for collection is ${minimum}`;
  }

  if (basket.sourceType === 'Phone') {
    if (!hasPhoneOrderContact(basket)) return "Enter the customer's name and a UK phone number";
  } else if (!hasContactDetails(basket)) return 'Enter your name, a UK phone number and your email address';

  const timeRefusal = orderTimeRefusal(basket, {
    now: context.now,
    openingPeriods: context.openingPeriods,
    specialDays: context.specialDays,
    leadMinutes: isDelivery ? context.leadMinutes.delivery : context.leadMinutes.collection,
    slotMinutes: context.slotMinutes,
    fullSlots: context.fullSlots,
    daysAhead: context.daysAhead,
  });
  if (timeRefusal !== undefined) return timeRefusal;

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
