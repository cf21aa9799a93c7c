import type { BasketStatusValue, OrderTypeValue, PaymentTypeValue } from '../../domain/orderEnums';

// The basket as the server holds it: money in pence, every figure computed by the server.

export type SourceType = 'Website' | 'Phone';

export interface DeliveryAddress {
  address1: string;
  address2: string;
  town: string;
  /** Normalised: capitals, one space before the inward code ("LS6 2AB"). */
  postcode: string;
}

export interface PricedLine {
  categoryId: number;
  itemId: number;
  configId: number | null;
  configOption: string | null;
  quantity: number;
  title: string;
  /** From the current menu when the line was priced; not stored. */
  description?: string;
  extendedDescription?: string;
  itemOrder?: number;
  /** The item's cost plus the chosen option's extra cost, for one. */
  itemCostPence: number;
  lineCostPence: number;
  specialRequest: string;
}

export interface BasketPricing {
  /** The sum of the lines, before discounts (SPEC's orignalItemCost). */
  originalItemCostPence: number;
  /** Every discount together (SPEC's discountValue). */
  discountPence: number;
  /** The profile discount's part of discountPence (the contract's profileDiscountValue). */
  profileDiscountPence: number;
  /** The profile discount in percent (SPEC's discount); 0 for guests. */
  discountPercent: number;
  /** The discounted item total: original item cost less the discounts (SPEC's itemCost). */
  itemCostPence: number;
  bagChargePence: number;
  deliveryChargePence: number;
  totalCostPence: number;
}

/** What the customer has chosen, as the server keeps it (client totals are never part of it). */
export interface BasketChoices {
  menuVersion: number;
  /** Where the order came from: the site (and the apps that show it), or staff taking a call (docs/phone-orders.md). */
  sourceType: SourceType;
  os: string;
  osVersion: string;
  appVersion: string;
  orderType: OrderTypeValue;
  ignoreTimeOffset: boolean;
  name: string;
  phone: string;
  email: string;
  paymentType: PaymentTypeValue;
  /** A phone order paid at the counter by card when collected; always false online (payment type CashOrder then). */
  cardOnCollection: boolean;
  /** An ISO instant, or null. */
  requestedTime: string | null;
  asap: boolean;
  notes: string;
  deliveryAddress: DeliveryAddress | null;
  deliveryZoneId: number | null;
}

export interface Basket extends BasketChoices {
  basketId: string;
  /** The signed-in customer the basket was last priced for (their `sub`); null for a guest's. */
  accountSub: string | null;
  orderBuilderRef: string;
  status: BasketStatusValue;
  lines: PricedLine[];
  pricing: BasketPricing;
  orderRef: string | null;
  /** The day's short number people read out ("Order 47"), given with the orderRef when the order is placed. */
  orderNumber: number | null;
  confirmedAt: string | null;
  revision: number;
}
