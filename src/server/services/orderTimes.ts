import { busyExtraMinutesAt, busyPauseMessage } from '../../domain/busyMode';
import type { OpeningPeriod, SpecialDay } from '../../domain/openingHours';
import { OrderType } from '../../domain/orderEnums';
import type { Repositories, RestaurantData } from '../db/repositories';
import type { LeadMinutes } from '../domain/dueTime';
import { DEFAULT_SLOT_MINUTES, fullSlotsOf, SLOT_HORIZON_DAYS, type SlotQuery } from '../domain/slots';

// When orders can be had now (docs/back-office.md, "Opening hours" and "Busy mode"): the owner's hours and special days,
// the lead times with busy mode's extra minutes, the slot length, the slots already full, and whether busy mode pauses
// new orders. The time slot call, the order update, the confirmation and the acceptance request all read it here.

export interface OrderTimes {
  openingPeriods: readonly OpeningPeriod[];
  specialDays: readonly SpecialDay[];
  /** With busy mode's extra minutes. */
  leadMinutes: LeadMinutes;
  slotMinutes: number;
  /** How many days ahead customers may order (0: the next opening's day only). */
  daysAhead: number;
  fullSlots: ReadonlySet<number>;
  /** Why new orders are refused now; undefined when they are not. */
  busyPauseMessage: string | undefined;
}

const DAY_MS = 86_400_000;

/** The lead times now: the owner's, with busy mode's extra minutes. */
export function leadMinutesNow(restaurant: RestaurantData, now: Date): LeadMinutes {
  const extra = busyExtraMinutesAt(restaurant.busyMode, now);
  const { collectionLeadMinutes, deliveryLeadMinutes } = restaurant.takeawaySettings;
  return { collection: collectionLeadMinutes + extra, delivery: deliveryLeadMinutes + extra };
}

export async function orderTimesNow(repositories: Repositories, restaurant: RestaurantData, now: Date): Promise<OrderTimes> {
  const slotMinutes = restaurant.takeawaySettings.slotMinutes ?? DEFAULT_SLOT_MINUTES;
  const ordersPerSlot = restaurant.takeawaySettings.ordersPerSlot ?? null;
  // Without a limit no slot is ever full, and the orders need not be counted.
  const dueTimes =
    ordersPerSlot === null
      ? []
      : await repositories.slotLoad.dueTimesBetween(new Date(now.getTime() - slotMinutes * 60_000).toISOString(), new Date(now.getTime() + SLOT_HORIZON_DAYS * DAY_MS).toISOString());
  return {
    openingPeriods: restaurant.openingHours,
    specialDays: restaurant.specialDays ?? [],
    leadMinutes: leadMinutesNow(restaurant, now),
    slotMinutes,
    daysAhead: restaurant.takeawaySettings.orderDaysAhead ?? 0,
    fullSlots: fullSlotsOf(dueTimes, slotMinutes, ordersPerSlot),
    busyPauseMessage: busyPauseMessage(restaurant.busyMode, now),
  };
}

export function slotQueryOf(times: OrderTimes, orderType: number, now: Date): SlotQuery {
  return {
    now,
    openingPeriods: times.openingPeriods,
    specialDays: times.specialDays,
    leadMinutes: orderType === OrderType.Delivery ? times.leadMinutes.delivery : times.leadMinutes.collection,
    slotMinutes: times.slotMinutes,
    fullSlots: times.fullSlots,
    daysAhead: times.daysAhead,
  };
}
