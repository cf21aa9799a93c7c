import { PaymentType } from '../../src/domain/orderEnums';
import { takesCashFor, type OrderSizeLimits } from '../../src/domain/orderSizeLimits';
import { payPalOrderRequest, type PayPalOrderRequest } from '../../src/domain/payPalOrder';
import type { BasketContext } from './basketTypes';

export type CashOffer = 'offered' | 'notTaken' | 'tooLarge';

/**
 * Whether the checkout offers cash: `offered` where the restaurant takes it (TakeawaySettings.allowCashPayment),
 * `notTaken` where it does not, `tooLarge` for an order over its largest cash order (the server refuses that, and the
 * checkout says whom to phone instead). An order not yet priced is offered cash until it is.
 */
export function cashOfferFor(allowCashPayment: boolean, totalCostPence: number | undefined, limits: OrderSizeLimits): CashOffer {
  if (!allowCashPayment) return 'notTaken';
  if (totalCostPence !== undefined && !takesCashFor(totalCostPence, limits)) return 'tooLarge';
  return 'offered';
}

/**
 * The ways to pay the checkout offers (OFFER_PAYMENT_TYPES), the one chosen for the customer first: cash where it is
 * offered, and online (PayPal or card, both paymentType 2).
 */
export function paymentTypesOffered(cashOffered: boolean): readonly (1 | 2)[] {
  return cashOffered ? [PaymentType.CashOrder, PaymentType.InternetOrder] : [PaymentType.InternetOrder];
}

/** PayPal's order request for the order as the server last priced it, paid with `fundingSource` (the button pressed). */
export function payPalOrderRequestOf(context: BasketContext, fundingSource?: string): PayPalOrderRequest {
  return payPalOrderRequest(
    {
      basketId: context.basketId!,
      orderType: context.orderType,
      itemCost: context.totals?.itemCost ?? 0,
      bagCharge: context.totals?.bagCharge ?? 0,
      deliveryCharge: context.totals?.deliveryCharge ?? 0,
      deliveryAddress: context.delivery ?? null,
    },
    fundingSource,
  );
}
