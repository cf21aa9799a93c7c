import type { components } from '../../api/schema.gen';
import { londonWallClock } from '../../domain/londonClock';
import { penceToPounds } from '../../domain/money';
import type { Repositories } from '../db/repositories';
import type { HeldVoucher } from '../domain/account';
import type { Basket, BasketChoices } from '../domain/basket';
import { priceBasket } from '../domain/basketPricing';
import { deriveBasketStatus } from '../domain/basketStatus';
import { newPublicId } from '../randomIds';
import { paymentTypeRefusal } from '../domain/confirmation';
import { orderSizeLimitsFrom, orderSizeRefusal } from '../../domain/orderSizeLimits';
import { parseUkPostcode } from '../../domain/contactRules';
import { guestEntitlement, type DiscountEntitlement } from '../domain/discounts';
import { POSTCODE_FORMAT_MESSAGE } from '../domain/postcodes';
import { availableTimeSlots, beyondDaysAheadMessage, isAsapAvailable, isAvailableSlot, isBeyondDaysAhead } from '../domain/slots';
import { orderTimesNow, slotQueryOf } from '../services/orderTimes';
import { normalisedInstant, orderDetailsOf } from '../services/orderDetails';
import type { ValidationFailure } from '../domain/validationFailure';
import { chooseVouchers, entitlementOf } from '../domain/vouchers';
import { ApiError } from '../errors';
import { voucherItemOf } from './accountViews';
import type { HandlerMap } from './handlerTypes';
import { orderItemOf } from '../services/orderViews';
import { signedInCaller } from './signedInCaller';
import { BASKET_CONFIRMED_MESSAGE, BASKET_MISSING_MESSAGE, confirmedOrder } from '../services/orderConfirmation';
import { chargesOf, restaurantOf } from '../services/restaurant';

type Order = components['schemas']['Order'];

type OrderBuilderOperation =
  | 'createOrderBuilder'
  | 'checkDelivery'
  | 'getTimeSlots'
  | 'updateOrder'
  | 'confirmOrder'
  | 'confirmOrderAuth';

function orderOf(basket: Basket, voucherItems: Order['voucherItems']): Order {
  const { pricing } = basket;
  return {
    ref: basket.orderBuilderRef,
    basketId: basket.basketId,
    sourceType: basket.sourceType,
    os: basket.os,
    osVersion: basket.osVersion,
    appVersion: basket.appVersion,
    menuVersion: basket.menuVersion,
    status: basket.status,
    orderType: basket.orderType,
    itemCost: penceToPounds(pricing.itemCostPence),
    orignalItemCost: penceToPounds(pricing.originalItemCostPence),
    bagCharge: penceToPounds(pricing.bagChargePence),
    deliveryCharge: penceToPounds(pricing.deliveryChargePence),
    totalCost: penceToPounds(pricing.totalCostPence),
    discount: pricing.discountPercent,
    discountValue: penceToPounds(pricing.discountPence),
    profileDiscountValue: penceToPounds(pricing.profileDiscountPence),
    ignoreTimeOffset: basket.ignoreTimeOffset,
    requestedTime: basket.requestedTime,
    asapFlag: basket.asap,
    notes: basket.notes,
    orderItems: basket.lines.map(orderItemOf),
    voucherItems,
    name: basket.name,
    phone: basket.phone,
    email: basket.email,
    paymentType: basket.paymentType,
    deliveryAddress: basket.deliveryAddress,
    deliveryZoneId: basket.deliveryZoneId,
  };
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

// The order builder's calls; guests and signed-in customers alike, who are priced with their account (docs/accounts.md).
export const orderBuilderHandlers: Pick<HandlerMap, OrderBuilderOperation> = {
  async createOrderBuilder(request) {
    const restaurant = await restaurantOf(request.server.repositories);
    const basketId = newPublicId();
    const orderBuilderRef = newPublicId();
    await request.server.repositories.orders.createBasket({
      basketId,
      orderBuilderRef,
      menuVersion: restaurant.menuVersion,
      now: request.server.clock().toISOString(),
    });
    return { data: { basketId, orderBuilderRef } };
  },

  async checkDelivery(request) {
    const postcode = parseUkPostcode(request.params.postcode);
    if (postcode === undefined) throw new ApiError(400, null, [{ field: 'postcode', message: POSTCODE_FORMAT_MESSAGE }]);
    const zone = await request.server.repositories.orders.findDeliveryZone(postcode);
    if (zone === undefined) return { data: { zone: null, deliveryCharge: 0, validPostCode: false } };
    return {
      data: {
        zone: zone.deliveryZoneId,
        deliveryCharge: penceToPounds(zone.deliveryChargePence),
        validPostCode: true,
        minimumOrderValue: penceToPounds(zone.minimumOrderPence),
      },
    };
  },

  async getTimeSlots(request) {
    const { repositories } = request.server;
    const now = request.server.clock();
    const restaurant = await restaurantOf(repositories);
    const times = await orderTimesNow(repositories, restaurant, now);
    // While busy mode pauses new orders no time can be ordered for.
    if (times.busyPauseMessage !== undefined) return { data: { asapAvailable: false, slots: [] } };
    return { data: availableTimeSlots(slotQueryOf(times, request.params.orderType, now)) };
  },

  async updateOrder(request) {
    const { body } = request;
    const { repositories } = request.server;
    const now = request.server.clock();
    const restaurant = await restaurantOf(repositories);
    const times = await orderTimesNow(repositories, restaurant, now);
    if (times.busyPauseMessage !== undefined) throw new ApiError(400, times.busyPauseMessage);
    const menu = await repositories.menus.getMenu(restaurant.menuId);
    if (menu === undefined) throw new Error(`The restaurant's menu ${restaurant.menuId} is missing from the database`);

    const details = await orderDetailsOf(repositories, menu, body);
    const { failures, phone, email, deliveryAddress, zone } = details;
    // A guest's vouchers are cleared (SPEC §4), so only a signed-in caller's are read.
    const caller = request.identity;
    const discounts = caller === null ? undefined : await callersDiscounts(repositories, caller.sub, body.voucherItems, now);
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
        accountSub: caller?.sub ?? null,
        status,
        lines: details.lines,
        pricing,
        vouchers: vouchers.map((voucher, index) => ({ voucherId: voucher.voucherId, discountPence: pricing.voucherDiscountsPence[index] })),
      },
      now.toISOString(),
    );
    if (saved.outcome === 'missing') throw new ApiError(400, BASKET_MISSING_MESSAGE);
    if (saved.outcome === 'confirmed') throw new ApiError(400, BASKET_CONFIRMED_MESSAGE);
    const voucherItems = vouchers.map((voucher, index) => voucherItemOf(voucher, pricing.voucherDiscountsPence[index]));
    return { data: { order: orderOf(saved.basket, voucherItems) } };
  },

  async confirmOrder(request) {
    return { data: await confirmedOrder(request.server, request.body.basketId, null) };
  },

  async confirmOrderAuth(request) {
    return { data: await confirmedOrder(request.server, request.body.basketId, signedInCaller(request).sub) };
  },
};
