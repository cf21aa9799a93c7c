import type { components } from '../api/schema.gen';
import { poundsToPence } from './money';
import { OrderType } from './orderEnums';

// SPEC §7's PayPal order request, built from the order as the server priced it. The payment screen hands it to
// PayPal's createOrder; the server compares what PayPal authorises with its own total, so nothing here is trusted.

/** SPEC §7: a delivery's shipping address always names this county (the restaurant delivers only within it). */
export const PAYPAL_FIXED_COUNTY = 'West Yorkshire';

export type PricedOrder = Pick<
  components['schemas']['Order'],
  'basketId' | 'orderType' | 'itemCost' | 'bagCharge' | 'deliveryCharge' | 'deliveryAddress'
>;

export interface PayPalMoney {
  currency_code: 'GBP';
  /** Pounds with two decimals, as PayPal reads them: "12.50". */
  value: string;
}

export interface PayPalShippingAddress {
  address_line_1: string;
  address_line_2?: string;
  admin_area_2: string;
  admin_area_1: typeof PAYPAL_FIXED_COUNTY;
  postal_code: string;
  country_code: 'GB';
}

export interface PayPalPurchaseUnit {
  reference_id: string;
  custom_id: string;
  amount: PayPalMoney & { breakdown: { item_total: PayPalMoney; handling: PayPalMoney; shipping: PayPalMoney } };
  shipping?: { address: PayPalShippingAddress };
}

/** PayPal's 3-D Secure request: run it when the card's issuer or the regulations require it. */
export const CARD_VERIFICATION = { method: 'SCA_WHEN_REQUIRED' } as const;

export interface PayPalCardPaymentSource {
  card: { attributes: { verification: typeof CARD_VERIFICATION } };
}

export interface PayPalOrderRequest {
  intent: 'AUTHORIZE';
  purchase_units: [PayPalPurchaseUnit];
  payment_source?: PayPalCardPaymentSource;
}

/** 1250 → "12.50". Whole pence, so no rounding can make the parts disagree with the total. */
function gbp(pence: number): PayPalMoney {
  return { currency_code: 'GBP', value: (pence / 100).toFixed(2) };
}

function shippingAddressOf(address: NonNullable<PricedOrder['deliveryAddress']>): PayPalShippingAddress {
  const secondLine = address.address2.trim();
  return {
    address_line_1: address.address1,
    ...(secondLine === '' ? {} : { address_line_2: secondLine }),
    admin_area_2: address.town,
    admin_area_1: PAYPAL_FIXED_COUNTY,
    postal_code: address.postcode,
    country_code: 'GB',
  };
}

function shippingOf(order: PricedOrder): Pick<PayPalPurchaseUnit, 'shipping'> {
  if (order.orderType !== OrderType.Delivery) return {};
  if (order.deliveryAddress === null) throw new Error('A delivery order reached payment without its address');
  return { shipping: { address: shippingAddressOf(order.deliveryAddress) } };
}

/**
 * A card asks for 3-D Secure when required: without it PayPal runs none, leaves no liability shift, and the server
 * refuses the card (src/server/payments/authorisation.ts). PayPal's own button needs nothing.
 */
function paymentSourceOf(fundingSource: string | undefined): Pick<PayPalOrderRequest, 'payment_source'> {
  return fundingSource === 'card' ? { payment_source: { card: { attributes: { verification: CARD_VERIFICATION } } } } : {};
}

/**
 * The order request for PayPal (SPEC §7): the items after discounts, the bag charge as handling and the delivery
 * charge as shipping, and a total that is their sum to the penny (the server's totalCost is the same sum). A
 * delivery carries its address; a collection none. `fundingSource` is the button PayPal's createOrder names
 * (`data.paymentSource`): `card` adds the 3-D Secure request.
 */
export function payPalOrderRequest(order: PricedOrder, fundingSource?: string): PayPalOrderRequest {
  const itemPence = poundsToPence(order.itemCost);
  const bagPence = poundsToPence(order.bagCharge);
  const deliveryPence = poundsToPence(order.deliveryCharge);
  return {
    intent: 'AUTHORIZE',
    purchase_units: [
      {
        reference_id: order.basketId,
        custom_id: order.basketId,
        amount: {
          ...gbp(itemPence + bagPence + deliveryPence),
          breakdown: { item_total: gbp(itemPence), handling: gbp(bagPence), shipping: gbp(deliveryPence) },
        },
        ...shippingOf(order),
      },
    ],
    ...paymentSourceOf(fundingSource),
  };
}
