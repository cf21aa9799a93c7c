import { OrderType, type OrderTypeValue } from '../../src/domain/orderEnums';
import type { OrderMinimumSettings } from '../../src/domain/orderMinimums';
import type { OrderTime } from './basketMachine';

// What a step opens with already chosen and shown, so that a customer happy with it only taps Continue
// (docs/order-journey.md, "Fewer taps, never fewer choices"). Every other choice stays one tap away.

/** The times the server offers the order now (`GET /orderbuilder/timeSlots/{orderType}`), any the clock has passed left out. */
export interface OfferedTimes {
  asapAvailable: boolean;
  slots: readonly string[];
}

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
