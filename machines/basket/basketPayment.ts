import { PaymentType } from '../../src/domain/orderEnums';

/**
 * The ways to pay the checkout offers (OFFER_PAYMENT_TYPES), the one chosen for the customer first: cash where the
 * restaurant takes it (TakeawaySettings.allowCashPayment), and online (PayPal or card, both paymentType 2).
 */
export function paymentTypesOffered(allowCashPayment: boolean): readonly (1 | 2)[] {
  return allowCashPayment ? [PaymentType.CashOrder, PaymentType.InternetOrder] : [PaymentType.InternetOrder];
}
