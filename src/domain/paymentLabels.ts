import { OrderType, type OrderTypeValue } from './orderEnums';

/** Cash as the customer and the kitchen read it: paid when the order is handed over. */
export function cashPaymentLabel(orderType: OrderTypeValue): string {
  return orderType === OrderType.Delivery ? 'Cash on delivery' : 'Cash on collection';
}
