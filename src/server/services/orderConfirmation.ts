import type { ServiceContext } from './serviceContext';
import { londonWallClock } from '../../domain/londonClock';
import { orderMinimumSettingsFrom } from '../../domain/orderMinimums';
import { orderSizeLimitsFrom } from '../../domain/orderSizeLimits';
import type { ConfirmationPayment, ConfirmationState } from '../db/orderRepository';
import type { RestaurantData } from '../db/repositories';
import type { Basket } from '../domain/basket';
import { confirmationRefusal } from '../domain/confirmation';
import { discountsHaveChanged, DISCOUNTS_CHANGED_MESSAGE } from '../domain/vouchers';
import { ApiError } from '../errors';
import { AMOUNT_CHANGED_MESSAGE } from '../payments/authorisation';
import { newPublicId } from '../randomIds';
import { orderTimesNow, type OrderTimes } from './orderTimes';
import { restaurantOf } from './restaurant';

export const BASKET_MISSING_MESSAGE = 'This basket does not exist';
export const BASKET_CONFIRMED_MESSAGE = 'This order has already been confirmed and can no longer be changed';

/**
 * The confirming transaction's decision (see confirmationRefusal), with the restaurant's rules as they stand now. A phone
 * order (docs/phone-orders.md) is taken by staff at the counter: not stopped by the online ordering switch, busy mode's
 * pause, the cash switch or the order size limits, which are for customers ordering online; everything else is the same.
 */
export function confirmationRefusalNow(
  restaurant: RestaurantData,
  times: OrderTimes,
  now: Date,
  payment: ConfirmationPayment | undefined,
): (basket: Basket, state: ConfirmationState) => string | undefined {
  const { dayOfWeek } = londonWallClock(now);
  const settings = restaurant.takeawaySettings;
  return (basket, state) => {
    // First: a changed discount changes the figures every later check reads.
    if (state.discounts !== undefined && discountsHaveChanged(state.discounts.stored, state.discounts.current, dayOfWeek)) {
      return DISCOUNTS_CHANGED_MESSAGE;
    }
    const byPhone = basket.sourceType === 'Phone';
    const refusal = confirmationRefusal(basket, {
      now,
      orderingAllowed: byPhone || (restaurant.onlineOrderingAllowed && settings.allowOrdering),
      minimums: orderMinimumSettingsFrom(settings),
      openingPeriods: times.openingPeriods,
      specialDays: times.specialDays,
      leadMinutes: times.leadMinutes,
      slotMinutes: times.slotMinutes,
      daysAhead: times.daysAhead,
      fullSlots: times.fullSlots,
      busyPauseMessage: byPhone ? undefined : times.busyPauseMessage,
      menuVersion: state.menuVersion,
      soldOut: state.soldOut,
      zone: state.zone,
      paidOnline: payment !== undefined,
      cashAllowed: byPhone || settings.allowCashPayment,
      orderSizeLimits: byPhone ? NO_SIZE_LIMITS : orderSizeLimitsFrom(restaurant),
    });
    // The basket may have been priced again while PayPal authorised what it cost before.
    if (refusal === undefined && payment?.step === 'authorised' && payment.authorisation.amountPence !== basket.pricing.totalCostPence) {
      return AMOUNT_CHANGED_MESSAGE;
    }
    return refusal;
  };
}

const NO_SIZE_LIMITS = { maximumCashOrderPence: Number.POSITIVE_INFINITY, maximumOrderPence: Number.POSITIVE_INFINITY, phone: '' };

/**
 * Confirms a basket for a guest (`accountSub` null) or for the signed-in customer it was last priced for, whose
 * discounts are priced again in the confirming transaction (docs/accounts.md); answers the orderRef and the day's order
 * number. An order paid online is confirmed only with its `payment` (authoriseCapture), and a cash order only without; a
 * payment `check` answers undefined when the basket would be confirmed now (an already confirmed basket answers its
 * order). Every refusal is an ApiError with the customer's message.
 */
export async function confirmedOrder(server: ServiceContext, basketId: string, accountSub: string | null, payment: { step: 'check' }): Promise<PlacedOrder | undefined>;
export async function confirmedOrder(server: ServiceContext, basketId: string, accountSub: string | null, payment?: ConfirmationPayment): Promise<PlacedOrder>;
export async function confirmedOrder(
  server: ServiceContext,
  basketId: string,
  accountSub: string | null,
  payment?: ConfirmationPayment,
): Promise<PlacedOrder | undefined> {
  const restaurant = await restaurantOf(server.repositories);
  const now = server.clock();
  // The slots' orders are counted before the confirming transaction: two customers confirming into a slot's last place
  // at the same instant may both get it (docs/back-office.md, "Opening hours").
  const times = await orderTimesNow(server.repositories, restaurant, now);
  const outcome = await server.repositories.orders.confirmBasket(
    basketId,
    confirmationRefusalNow(restaurant, times, now, payment),
    newPublicId(),
    now.toISOString(),
    accountSub,
    payment,
  );
  if (outcome.outcome === 'missing') throw new ApiError(400, BASKET_MISSING_MESSAGE);
  if (outcome.outcome === 'refused') throw new ApiError(400, outcome.errorMessage);
  if (outcome.outcome === 'notTheirs') {
    throw new ApiError(400, accountSub === null ? 'Sign in to confirm this order' : 'Your basket must be updated for your account');
  }
  return outcome.outcome === 'confirmable' ? undefined : { orderRef: outcome.orderRef, orderNumber: outcome.orderNumber };
}

/** What the confirmation answers: the reference links carry, and the number people read out. */
export interface PlacedOrder {
  orderRef: string;
  orderNumber: number;
}
