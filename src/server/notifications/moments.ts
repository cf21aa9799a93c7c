import { formatGbp } from '../../domain/money';
import { orderInSentence, orderLabel } from '../../domain/orderNumbers';
import { AcceptanceStatus, KitchenStatus, OrderType, type OrderTypeValue } from '../../domain/orderEnums';
import { unavailableItemsSentence } from '../../domain/orderRefusal';
import { slotDayLabel, slotTimeLabel } from '../../domain/timeSlotLabels';
import type { AcceptanceState } from '../domain/acceptance';
import type { NotificationChannel } from '../db/schema';
import type { MomentDetail, OrderMoment } from '../domain/orderMoments';
import type { PushMessage } from './senders';

// Which changes of an order its customer is told about, on which channels, and what a push says
// (docs/notifications.md). The outbox queues what `momentsOf` finds in the same transaction as the change.

export interface MomentToTell {
  moment: OrderMoment;
  detail: MomentDetail;
}

/** The moments one change of an order makes: `before` is undefined when the order has just reached the restaurant. */
export function momentsOf(before: AcceptanceState | undefined, after: AcceptanceState, orderType: OrderTypeValue): MomentToTell[] {
  if (before === undefined) return [{ moment: 'placed', detail: {} }];
  const moments: MomentToTell[] = [];
  if (before.status !== after.status) {
    if (after.status === AcceptanceStatus.Accepted) moments.push({ moment: 'accepted', detail: { time: after.updateTime } });
    if (after.status === AcceptanceStatus.Updated && after.proposedTime !== null) {
      moments.push({ moment: 'timeProposed', detail: { time: after.proposedTime } });
    }
    if (after.status === AcceptanceStatus.Refused) moments.push({ moment: 'refused', detail: { reason: after.refusalReason ?? '' } });
  }
  const cancelledByCustomer = before.cancelledAt === null && after.cancelledAt !== null;
  const cancelledByKitchen = before.kitchenStatus !== after.kitchenStatus && after.kitchenStatus === KitchenStatus.Cancelled;
  if (cancelledByCustomer || cancelledByKitchen) moments.push({ moment: 'cancelled', detail: {} });
  if (before.kitchenStatus !== null && before.kitchenStatus !== after.kitchenStatus) {
    const kitchenMoment = kitchenMomentOf(after.kitchenStatus, orderType);
    if (kitchenMoment !== undefined) moments.push({ moment: kitchenMoment, detail: {} });
  }
  return moments;
}

function kitchenMomentOf(status: AcceptanceState['kitchenStatus'], orderType: OrderTypeValue): OrderMoment | undefined {
  switch (status) {
    case KitchenStatus.Cooking:
      return 'cooking';
    // A delivery order is told when it leaves, not while it waits for the driver.
    case KitchenStatus.ReadyForDispatch:
      return orderType === OrderType.Collection ? 'readyToCollect' : undefined;
    case KitchenStatus.OutForDelivery:
      return 'outForDelivery';
    case KitchenStatus.Completed:
      return 'completed';
    default:
      return undefined;
  }
}

/** The moments told by email; the kitchen's progress is for the phone and the browser. */
export const emailedMoments = ['placed', 'accepted', 'timeProposed', 'refused', 'cancelled', 'cashInstead'] as const satisfies readonly OrderMoment[];
export type EmailedMoment = (typeof emailedMoments)[number];

export function isEmailedMoment(moment: OrderMoment): moment is EmailedMoment {
  return (emailedMoments as readonly OrderMoment[]).includes(moment);
}

/** Email carries what the customer may need to act on or keep (orderEmails.ts); the kitchen's progress is for the phone. */
export function channelsOf(moment: OrderMoment): NotificationChannel[] {
  return isEmailedMoment(moment) ? ['email', 'nativePush', 'webPush'] : ['nativePush', 'webPush'];
}

/** The tracking page of an order, which every notification opens. */
export function trackingPathOf(orderRef: string): string {
  return `/track?orderId=${encodeURIComponent(orderRef)}`;
}

export interface PushFacts {
  orderRef: string;
  /** The day's number, which every push names the order by ("Order 47"). */
  orderNumber: number;
  orderType: OrderTypeValue;
  /** The order's total in pence: cashInstead asks for it in cash. */
  totalCostPence: number;
  restaurantName: string;
  /** refused: the dishes the kitchen named as unavailable (none for other moments). */
  unavailableItems?: readonly string[];
  /** When the push is written: its times say their day relative to it ("today", "tomorrow", "on Thursday 26 November"). */
  madeAt: Date;
}

/** " today at 19:00", " tomorrow at 19:00" or " on Thursday 26 November at 19:00", on London's clock, as the slot labels read. */
function dayAndTime(time: string | undefined, madeAt: Date): string {
  if (time === undefined) return '';
  const instant = new Date(time);
  const day = slotDayLabel(instant, madeAt);
  const onDay = day === 'Today' || day === 'Tomorrow' ? day.toLowerCase() : `on ${day}`;
  return ` ${onDay} at ${slotTimeLabel(instant)}`;
}

export function pushMessageOf(moment: OrderMoment, detail: MomentDetail, order: PushFacts): PushMessage {
  const delivery = order.orderType === OrderType.Delivery;
  const at = (time: string | undefined) => dayAndTime(time, order.madeAt);
  const named = orderLabel(order.orderNumber);
  const inSentence = orderInSentence(order.orderNumber);
  // Named dishes say more than the reason (usually "Item unavailable"), as on the refusal page.
  const refusalBody = (why: string | undefined) => (why === undefined || why === '' ? `${order.restaurantName} could not accept ${inSentence}.` : `${named}: ${why}`);
  const texts: Record<OrderMoment, { title: string; body: string }> = {
    placed: { title: 'Order sent', body: `${order.restaurantName} has ${inSentence}. We will tell you when it is accepted.` },
    accepted: {
      title: 'Order accepted',
      body: delivery ? `${named} is expected${at(detail.time)}.` : `${named} will be ready to collect${at(detail.time)}.`,
    },
    timeProposed: {
      title: 'A new time is proposed',
      body: `${order.restaurantName} can have ${inSentence} ready${at(detail.time)}. Open your order to accept the time or cancel.`,
    },
    refused: {
      title: 'Order not accepted',
      body: refusalBody(unavailableItemsSentence(order.unavailableItems ?? []) ?? detail.reason),
    },
    cancelled: { title: 'Order cancelled', body: `${named} has been cancelled.` },
    cooking: { title: 'Cooking now', body: `${named} is being cooked.` },
    readyToCollect: { title: 'Ready to collect', body: `${named} is ready to collect from ${order.restaurantName}.` },
    outForDelivery: { title: 'On its way', body: `${named} is out for delivery.` },
    completed: { title: 'Enjoy your meal', body: `Thank you for ordering from ${order.restaurantName} (${inSentence}).` },
    cashInstead: {
      title: 'Please pay in cash',
      body:
        `${named}: we could not take your online payment, so you have not been charged. ` +
        `Please pay ${formatGbp(order.totalCostPence)} in cash ${delivery ? 'to the driver' : 'when you collect it'}.`,
    },
  };
  return { ...texts[moment], openPath: trackingPathOf(order.orderRef), tag: `order-${order.orderRef}` };
}
