import type { components } from '../api/schema.gen';
import { formatPounds } from './money';
import { OrderType, type OrderTypeValue } from './orderEnums';

/** Cash as the customer and the kitchen read it: paid when the order is handed over. */
export function cashPaymentLabel(orderType: OrderTypeValue): string {
  return orderType === OrderType.Delivery ? 'Cash on delivery' : 'Cash on collection';
}

/**
 * What the customer is told once PayPal would not take the money held for an order paid online and it is to be paid in
 * cash instead (docs/payments.md, "Orders for later"): by the cashInstead email and on the tracking page.
 */
export const NOT_TAKEN_ONLINE = 'We could not take the online payment for your order, so you have not been charged.';

/** The cash to pay for such an order, and to whom: `amount` as written ("£14.00"). */
export function payInCashSentence(orderType: OrderTypeValue, amount: string): string {
  return orderType === OrderType.Delivery ? `Please pay ${amount} in cash to the driver when your order is delivered.` : `Please pay ${amount} in cash when you collect your order.`;
}

/**
 * The tracking page's word on an order paid online that is to be paid in cash instead (its payment's cashInstead),
 * while it is still to be handed over: nothing charged, and the cash to pay. Undefined for any other order.
 */
export function cashInsteadNotice(order: { orderType: OrderTypeValue; payment?: components['schemas']['OrderPayment'] }): string[] | undefined {
  if (order.payment?.cashInstead !== true) return undefined;
  return [NOT_TAKEN_ONLINE, payInCashSentence(order.orderType, formatPounds(order.payment.amount))];
}
