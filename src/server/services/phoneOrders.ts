import type { FastifyRequest } from 'fastify';
import type { components } from '../../api/schema.gen';
import { PHONE_FORMAT_MESSAGE } from '../../domain/contactMessages';
import { BasketStatus, OrderType, PaymentType } from '../../domain/orderEnums';
import type { Actor, OrderAcceptance } from '../domain/acceptance';
import { priceBasket } from '../domain/basketPricing';
import { notDeliveredMessage, orderTimeRefusal, SLOT_FULL_MESSAGE } from '../domain/confirmation';
import { guestEntitlement } from '../domain/discounts';
import type { ValidationFailure } from '../domain/validationFailure';
import { ApiError } from '../errors';
import { newPublicId } from '../randomIds';
import { normalisedInstant, orderDetailsOf } from './orderDetails';
import { confirmationRefusalNow } from './orderConfirmation';
import { chargesOf, restaurantOf } from './restaurant';
import { requestedAcceptance } from './orderAccess';
import { acceptedByKitchen } from './acceptanceAnswers';
import { orderTimesNow, slotQueryOf } from './orderTimes';

// A phone order staff take at the kitchen dashboard (docs/phone-orders.md): read, priced and confirmed by the same code
// as a customer's online order, then requested as a customer's is, and accepted by the kitchen as acceptKitchenOrder accepts.

type PhoneOrder = components['schemas']['PhoneOrder'];

export const NAME_REQUIRED_MESSAGE = "Enter the customer's name";
export const ADDRESS_REQUIRED_MESSAGE = 'Enter the delivery address';
export const CARD_ON_COLLECTION_ONLY_MESSAGE = 'A card is taken on collection only: a delivery is paid in cash';

/**
 * Places the phone order and requests its acceptance: the order's acceptance as Requested. A refused order is a 400 with
 * its failures at their fields, and nothing is written.
 */
async function placedPhoneOrder(request: FastifyRequest, order: PhoneOrder, actor: Actor): Promise<OrderAcceptance> {
  const { repositories } = request.server;
  const now = request.server.clock();
  const restaurant = await restaurantOf(repositories);
  const times = await orderTimesNow(repositories, restaurant, now);
  const menu = await repositories.menus.getMenu(restaurant.menuId);
  if (menu === undefined) throw new Error(`The restaurant's menu ${restaurant.menuId} is missing from the database`);

  const details = await orderDetailsOf(repositories, menu, order);
  const failures: ValidationFailure[] = [...details.failures];
  const name = order.name.trim();
  if (name === '') failures.push({ field: 'name', message: NAME_REQUIRED_MESSAGE });
  if (details.phone === '') failures.push({ field: 'phone', message: PHONE_FORMAT_MESSAGE });
  const isDelivery = order.orderType === OrderType.Delivery;
  if (isDelivery && !order.deliveryAddress) failures.push({ field: 'deliveryAddress', message: ADDRESS_REQUIRED_MESSAGE });
  if (isDelivery && details.deliveryAddress !== null && details.zone === undefined) {
    failures.push({ field: 'deliveryAddress.postcode', message: notDeliveredMessage(details.deliveryAddress.postcode) });
  }
  const cardOnCollection = order.paymentMethod === 'cardOnCollection';
  if (isDelivery && cardOnCollection) failures.push({ field: 'paymentMethod', message: CARD_ON_COLLECTION_ONLY_MESSAGE });
  const requestedTime = order.asapFlag ? null : normalisedInstant(order.requestedTime);
  const timeRefusal = orderTimeRefusal({ asap: order.asapFlag, requestedTime }, slotQueryOf(times, order.orderType, now));
  if (timeRefusal !== undefined) failures.push({ field: 'requestedTime', message: timeRefusal });
  if (failures.length > 0) throw new ApiError(400, null, failures);

  // The customer's account, if the number or email is theirs, earns the points and has its discount (never vouchers,
  // which the customer spends online).
  const holder = await repositories.accounts.holderOf({ phone: details.phone, email: details.email });
  const account = holder === undefined ? undefined : await repositories.accounts.entitlement(holder, []);
  const pricing = priceBasket({
    lines: details.lines,
    orderType: order.orderType,
    charges: chargesOf(restaurant),
    zone: details.zone,
    entitlement: account === undefined ? guestEntitlement : { profilePercent: account.profilePercent, vouchers: [] },
  });
  const basketId = newPublicId();
  const outcome = await repositories.orders.placeOrder(
    {
      basketId,
      orderBuilderRef: newPublicId(),
      accountSub: holder ?? null,
      status: BasketStatus.Checkout,
      lines: details.lines,
      pricing,
      vouchers: [],
      menuVersion: menu.menuVersion,
      sourceType: 'Phone',
      os: '',
      osVersion: '',
      appVersion: '',
      orderType: order.orderType,
      ignoreTimeOffset: false,
      name,
      phone: details.phone,
      email: details.email,
      paymentType: PaymentType.CashOrder,
      cardOnCollection,
      requestedTime,
      asap: order.asapFlag,
      notes: order.notes?.trim() ?? '',
      deliveryAddress: details.deliveryAddress,
      deliveryZoneId: details.zone?.deliveryZoneId ?? null,
    },
    confirmationRefusalNow(restaurant, times, now, undefined),
    newPublicId(),
    now.toISOString(),
  );
  if (outcome.outcome === 'refused') {
    // Another order took the slot's last place since it was checked above.
    if (outcome.errorMessage === SLOT_FULL_MESSAGE) throw new ApiError(400, null, [{ field: 'requestedTime', message: SLOT_FULL_MESSAGE }]);
    throw new ApiError(400, outcome.errorMessage);
  }
  if (outcome.outcome !== 'confirmed') throw new Error(`A new phone order ${basketId} was not confirmed: ${outcome.outcome}`);
  return requestedAcceptance(request, basketId, actor);
}

/** Places the phone order and accepts it at once, as acceptKitchenOrder does: staff took it (docs/phone-orders.md). */
export async function acceptedPhoneOrder(request: FastifyRequest, order: PhoneOrder, actor: Actor): Promise<OrderAcceptance> {
  const placed = await placedPhoneOrder(request, order, actor);
  return acceptedByKitchen(request, { basketId: placed.basketId }, actor);
}
