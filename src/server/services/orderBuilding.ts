import type { components } from '../../api/schema.gen';
import { londonWallClock } from '../../domain/londonClock';
import { orderSizeLimitsFrom, orderSizeRefusal } from '../../domain/orderSizeLimits';
import { parseUkPostcode } from '../../domain/contactRules';
import type { Repositories } from '../db/repositories';
import type { HeldVoucher } from '../domain/account';
import type { Basket, BasketChoices } from '../domain/basket';
import { priceBasket } from '../domain/basketPricing';
import { deriveBasketStatus } from '../domain/basketStatus';
import { paymentTypeRefusal } from '../domain/confirmation';
import type { DeliveryZone } from '../domain/deliveryZones';
import { guestEntitlement, type DiscountEntitlement } from '../domain/discounts';
import { POSTCODE_FORMAT_MESSAGE } from '../domain/postcodes';
import { availableTimeSlots, beyondDaysAheadMessage, isAsapAvailable, isAvailableSlot, isBeyondDaysAhead } from '../domain/slots';
import type { ValidationFailure } from '../domain/validationFailure';
import { chooseVouchers, entitlementOf } from '../domain/vouchers';
import { ApiError } from '../errors';
import { newPublicId } from '../randomIds';
import { BASKET_CONFIRMED_MESSAGE, BASKET_MISSING_MESSAGE } from './orderConfirmation';
import { normalisedInstant, orderDetailsOf } from './orderDetails';
import { orderTimesNow, slotQueryOf } from './orderTimes';
import { chargesOf, restaurantOf } from './restaurant';
import type { ServiceContext } from './serviceContext';

// Placing an order, up to its confirmation (services/orderConfirmation.ts): a new basket, and the customer's updates of
// it, priced by the server from its own menu, zones and settings (docs/order-journey.md).

type OrderUpdate = components['schemas']['OrderUpdate'];
type TimeSlots = components['schemas']['TimeSlots'];

/** A new, empty basket priced against the restaurant's current menu. */
export async function newBasket({ repositories, clock }: ServiceContext): Promise<{ basketId: string; orderBuilderRef: string }> {
  const restaurant = await restaurantOf(repositories);
  const basketId = newPublicId();
  const orderBuilderRef = newPublicId();
  await repositories.orders.createBasket({ basketId, orderBuilderRef, menuVersion: restaurant.menuVersion, now: clock().toISOString() });
  return { basketId, orderBuilderRef };
}

/**
 * The postcode as written in full, and the zone it is delivered in (undefined when it is outside every zone); 400 at
 * `postcode` when it is not one.
 */
export async function deliveryZoneOf({ repositories }: ServiceContext, postcode: string): Promise<{ postcode: string; zone: DeliveryZone | undefined }> {
  const parsed = parseUkPostcode(postcode);
  if (parsed === undefined) throw new ApiError(400, null, [{ field: 'postcode', message: POSTCODE_FORMAT_MESSAGE }]);
  return { postcode: parsed.postcode, zone: await repositories.orders.findDeliveryZone(parsed) };
}

/** The times an order of `orderType` can be placed for now; none while busy mode pauses new orders. */
export async function timeSlotsNow({ repositories, clock }: ServiceContext, orderType: number): Promise<TimeSlots> {
  const now = clock();
  const serverTime = now.toISOString();
  const times = await orderTimesNow(repositories, await restaurantOf(repositories), now);
  if (times.busyPauseMessage !== undefined) return { asapAvailable: false, slots: [], serverTime };
  return { ...availableTimeSlots(slotQueryOf(times, orderType, now)), serverTime };
}

/** The saved basket, and the vouchers it was priced with with what each took off. */
export interface UpdatedOrder {
  basket: Basket;
  vouchers: { voucher: HeldVoucher; discountPence: number }[];
}

/**
 * Saves the customer's basket as sent, priced again: a guest's (`callerSub` null), whose vouchers are cleared (SPEC §4),
 * or a signed-in customer's, priced with their account (docs/accounts.md). Every refusal is an ApiError, and a refused
 * update saves nothing.
 */
export async function updateOrder({ repositories, clock }: ServiceContext, body: OrderUpdate, callerSub: string | null): Promise<UpdatedOrder> {
  const now = clock();
  const restaurant = await restaurantOf(repositories);
  const times = await orderTimesNow(repositories, restaurant, now);
  if (times.busyPauseMessage !== undefined) throw new ApiError(400, times.busyPauseMessage);
  const menu = await repositories.menus.getMenu(restaurant.menuId);
  if (menu === undefined) throw new Error(`The restaurant's menu ${restaurant.menuId} is missing from the database`);

  const details = await orderDetailsOf(repositories, menu, body);
  const { failures, phone, email, deliveryAddress, zone } = details;
  const discounts = callerSub === null ? undefined : await callersDiscounts(repositories, callerSub, body.voucherItems, now);
  if (discounts?.ok === false) failures.push(...discounts.failures);
  const paymentRefusal = paymentTypeRefusal(body.paymentType, restaurant.takeawaySettings.allowCashPayment);
  if (paymentRefusal !== undefined) failures.push({ field: 'paymentType', message: paymentRefusal });
  if (discounts?.ok === false || failures.length > 0) return refuseUpdate(repositories, body.basketId, failures);

  const choices: BasketChoices = {
    menuVersion: menu.menuVersion,
    sourceType: body.sourceType,
    os: body.os,
    osVersion: body.osVersion,
    appVersion: body.appVersion,
    orderType: body.orderType,
    ignoreTimeOffset: body.ignoreTimeOffset,
    name: body.name?.trim() ?? '',
    phone,
    email,
    paymentType: body.paymentType,
    cardOnCollection: false,
    requestedTime: normalisedInstant(body.requestedTime),
    asap: body.asapFlag,
    notes: body.notes?.trim() ?? '',
    deliveryAddress,
    // The zone comes from the address, never from the deliveryZoneId a client sends.
    deliveryZoneId: zone?.deliveryZoneId ?? null,
  };
  const vouchers = discounts?.vouchers ?? [];
  const pricing = priceBasket({
    lines: details.lines,
    orderType: choices.orderType,
    charges: chargesOf(restaurant),
    zone,
    entitlement: discounts?.entitlement ?? guestEntitlement,
  });
  const sizeRefusal = orderSizeRefusal(pricing.totalCostPence, choices.paymentType, orderSizeLimitsFrom(restaurant));
  if (sizeRefusal !== undefined) return refuseUpdate(repositories, body.basketId, [sizeRefusal]);
  const query = slotQueryOf(times, choices.orderType, now);
  if (!choices.asap && choices.requestedTime !== null && isBeyondDaysAhead(choices.requestedTime, query)) {
    return refuseUpdate(repositories, body.basketId, [{ field: 'requestedTime', message: beyondDaysAheadMessage(times.daysAhead) }]);
  }
  const timeChoiceIsValid = choices.asap
    ? isAsapAvailable(query)
    : choices.requestedTime !== null && isAvailableSlot(choices.requestedTime, query);
  const status = deriveBasketStatus(choices, details.lines.length, timeChoiceIsValid);

  const saved = await repositories.orders.saveBasket(
    {
      ...choices,
      basketId: body.basketId,
      accountSub: callerSub,
      status,
      lines: details.lines,
      pricing,
      vouchers: vouchers.map((voucher, index) => ({ voucherId: voucher.voucherId, discountPence: pricing.voucherDiscountsPence[index] })),
    },
    now.toISOString(),
  );
  if (saved.outcome === 'missing') throw new ApiError(400, BASKET_MISSING_MESSAGE);
  if (saved.outcome === 'confirmed') throw new ApiError(400, BASKET_CONFIRMED_MESSAGE);
  return { basket: saved.basket, vouchers: vouchers.map((voucher, index) => ({ voucher, discountPence: pricing.voucherDiscountsPence[index] })) };
}

/**
 * Refuses an order update with its failures, saving nothing. A basket that cannot be changed is the answer that matters,
 * whatever else is wrong; an update that is saved learns the same from saving, so the common case costs no extra query.
 */
async function refuseUpdate(repositories: Repositories, basketId: string, failures: ValidationFailure[]): Promise<never> {
  const stored = await repositories.orders.findBasketState(basketId);
  if (stored === undefined) throw new ApiError(400, BASKET_MISSING_MESSAGE);
  if (stored.confirmed) throw new ApiError(400, BASKET_CONFIRMED_MESSAGE);
  throw new ApiError(400, null, failures);
}

/** A signed-in caller's discounts for an update, or the failures naming the vouchers they may not use. */
async function callersDiscounts(
  repositories: Repositories,
  callerSub: string,
  voucherItems: readonly { voucherId: number }[],
  now: Date,
): Promise<{ ok: true; entitlement: DiscountEntitlement; vouchers: HeldVoucher[] } | { ok: false; failures: ValidationFailure[] }> {
  const voucherIds = voucherItems.map((voucher) => voucher.voucherId);
  // A caller without an account record yet holds nothing and has no discount.
  const account = await repositories.accounts.entitlement(callerSub, voucherIds);
  const choice = chooseVouchers(voucherIds, account?.vouchers ?? [], londonWallClock(now).dayOfWeek);
  if (!choice.ok) return choice;
  return { ok: true, entitlement: entitlementOf(account?.profilePercent ?? 0, choice.vouchers), vouchers: choice.vouchers };
}
