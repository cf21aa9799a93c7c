import { OrderType, type OrderTypeValue } from '../../src/domain/orderEnums';
import type { OrderMinimumSettings } from '../../src/domain/orderMinimums';
import type { OfferedTimes, OrderTime } from './basketTypes';

// What a step opens with already chosen and shown, so that a customer happy with it only taps Continue
// (docs/order-journey.md, "Fewer taps, never fewer choices"). Every other choice stays one tap away.

export function isOffered(time: OrderTime, offered: OfferedTimes): boolean {
  return time.asap ? offered.asapAvailable : offered.slots.includes(time.requestedTime);
}

function firstOffered(offered: OfferedTimes): OrderTime | undefined {
  const [first] = offered.slots;
  return first === undefined ? undefined : { asap: false, requestedTime: first };
}

/**
 * The time the order-time step opens with: the time chosen before, while it is still offered; otherwise as soon as
 * possible, while that is offered; otherwise the first time offered. Undefined when nothing is offered.
 */
export function initialOrderTime(chosen: OrderTime | undefined, offered: OfferedTimes): OrderTime | undefined {
  if (chosen !== undefined && isOffered(chosen, offered)) return chosen;
  return offered.asapAvailable ? { asap: true } : firstOffered(offered);
}

/** The time the order-time step shows once the times offered are known (OFFER_TIMES): one picked on it before stays while offered. */
export function shownOrderTime(picked: OrderTime | undefined, chosen: OrderTime | undefined, offered: OfferedTimes): OrderTime | undefined {
  return picked !== undefined && isOffered(picked, offered) ? picked : initialOrderTime(chosen, offered);
}

/** A time picked on the order-time step (PICK_TIME): "At a later time" ticked shows `laterOrderTime`; a time not offered is not taken. */
export function pickedOrderTime(
  picked: { asap: true } | { asap: false; requestedTime?: string },
  shown: OrderTime | undefined,
  offered: OfferedTimes,
): OrderTime | undefined {
  if (picked.asap) return offered.asapAvailable ? { asap: true } : shown;
  if (picked.requestedTime === undefined) return laterOrderTime(shown, offered) ?? shown;
  return offered.slots.includes(picked.requestedTime) ? { asap: false, requestedTime: picked.requestedTime } : shown;
}

/** "At a later time" ticked: the later time shown before while it is still offered, otherwise the first offered. */
export function laterOrderTime(shown: OrderTime | undefined, offered: OfferedTimes): OrderTime | undefined {
  return shown?.asap === false && isOffered(shown, offered) ? shown : firstOffered(offered);
}

/**
 * The order type the basket step opens with when none is chosen yet: the one this device chose last, while the
 * restaurant takes it (collection needs `allowCollection`, delivery `allowOrdering`, as the basket's choices).
 */
export function preselectedOrderType(remembered: OrderTypeValue | undefined, offers: Pick<OrderMinimumSettings, 'allowCollection' | 'allowOrdering'>): 1 | 2 | undefined {
  if (remembered === OrderType.Collection && offers.allowCollection) return OrderType.Collection;
  if (remembered === OrderType.Delivery && offers.allowOrdering) return OrderType.Delivery;
  return undefined;
}
