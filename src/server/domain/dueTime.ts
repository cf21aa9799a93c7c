import { OrderType, type OrderTypeValue } from '../../domain/orderEnums';

export interface LeadMinutes {
  collection: number;
  delivery: number;
}

export function leadMinutesFor(orderType: OrderTypeValue, leadMinutes: LeadMinutes): number {
  return orderType === OrderType.Delivery ? leadMinutes.delivery : leadMinutes.collection;
}

/**
 * When a confirmed order is due, before the restaurant says otherwise: the customer's slot, or for ASAP the
 * confirmation time plus the lead time of its order type.
 */
export function dueTime(
  order: { asap: boolean; requestedTime: string | null; orderType: OrderTypeValue; confirmedAt: string },
  leadMinutes: LeadMinutes,
): string {
  if (!order.asap && order.requestedTime !== null) return new Date(order.requestedTime).toISOString();
  return new Date(Date.parse(order.confirmedAt) + leadMinutesFor(order.orderType, leadMinutes) * 60_000).toISOString();
}
