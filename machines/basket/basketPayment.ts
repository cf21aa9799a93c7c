import { PaymentType } from '../../src/domain/orderEnums';
import { takesCashFor, type OrderSizeLimits } from '../../src/domain/orderSizeLimits';

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
