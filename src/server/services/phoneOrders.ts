import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../api/schema.gen';
import { PHONE_FORMAT_MESSAGE } from '../../domain/contactMessages';
import { BasketStatus, OrderType, PaymentType } from '../../domain/orderEnums';
import { orderLabel } from '../../domain/orderNumbers';
import { placeOrder } from '../db/orderRepository';
import { claimPhoneOrderKey } from '../db/phoneOrderKeys';
import type { Repositories } from '../db/repositories';
import { acceptOrder, type Actor, type OrderAcceptance } from '../domain/acceptance';
import { priceBasket } from '../domain/basketPricing';
import { notDeliveredMessage, orderTimeRefusal, SLOT_FULL_MESSAGE } from '../domain/confirmation';
import { guestEntitlement } from '../domain/discounts';
import type { ValidationFailure } from '../domain/validationFailure';
import { ApiError } from '../errors';
import { newPublicId } from '../randomIds';
import { normalisedInstant, orderDetailsOf } from './orderDetails';
import { confirmationRefusalNow } from './orderConfirmation';
import { chargesOf, restaurantOf } from './restaurant';
import { changeInTransaction, kickOutboxes, nothingQueued, requestInTransaction, requestTimesAt } from './acceptance';
import { orderTimesNow, slotQueryOf } from './orderTimes';

// A phone order staff take at the kitchen dashboard (docs/phone-orders.md): read, priced and confirmed by the same code
// as a customer's online order, then requested as a customer's is, and accepted by the kitchen as acceptKitchenOrder
// accepts (the same decision and the same writes), all three in one transaction. Placing one is safe to repeat: the
// form's key is written with the order, and a call with a key already written answers its order.

type PhoneOrder = components['schemas']['PhoneOrder'];
type SentOrder = Omit<PhoneOrder, 'idempotencyKey'>;
type OrderKey = { idempotencyKey: string; fingerprint: string };

export const NAME_REQUIRED_MESSAGE = "Enter the customer's name";
export const ADDRESS_REQUIRED_MESSAGE = 'Enter the delivery address';
export const CARD_ON_COLLECTION_ONLY_MESSAGE = 'A card is taken on collection only: a delivery is paid in cash';
export const keySpentMessage = (orderNumber: number) =>
  `${orderLabel(orderNumber)} was already placed from this form with different details: this one was not placed.`;

/** Thrown inside the placing transaction, rolling it back, when another call has placed the order with the same key. */
class KeyTaken extends Error {
  constructor(idempotencyKey: string) {
    super(`The phone order key ${idempotencyKey} was taken by another call`);
  }
}

/** The same for the same order however its fields are ordered: every object's keys sorted. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const fields = Object.entries(value).filter(([, field]) => field !== undefined);
  return `{${fields.sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
}

export const phoneOrderFingerprint = (order: SentOrder): string => createHash('sha256').update(canonicalJson(order)).digest('base64url');

/**
 * The order placed with the key, as it is now; undefined if none was. The key with a different order is refused (409):
 * staff changed the order after a call whose answer was lost, and the first version is on the dashboard.
 */
async function placedWithKey(repositories: Repositories, key: OrderKey): Promise<OrderAcceptance | undefined> {
  const placed = await repositories.orders.findPhoneOrderKey(key.idempotencyKey);
  if (placed === undefined) return undefined;
  const acceptance = await repositories.acceptance.find({ basketId: placed.basketId });
  if (acceptance === undefined) throw new Error(`The phone order ${placed.basketId} of key ${key.idempotencyKey} has no acceptance`);
  if (placed.fingerprint !== key.fingerprint) throw new ApiError(409, keySpentMessage(acceptance.orderNumber));
  return acceptance;
}

/**
 * Places the phone order, requests its acceptance and accepts it as the member of staff: staff took it. A refused order
 * is a 400 with its failures at their fields, and nothing is written; nor is anything if a later step fails. With the
 * key of an order already placed it writes nothing and answers that order (a 409 if the order sent is another).
 */
export async function acceptedPhoneOrder(request: FastifyRequest, { idempotencyKey, ...order }: PhoneOrder, actor: Actor): Promise<OrderAcceptance> {
  if (idempotencyKey === undefined) return placedPhoneOrder(request, order, actor, undefined);
  const { repositories } = request.server;
  const key = { idempotencyKey, fingerprint: phoneOrderFingerprint(order) };
  // Before the order is read again: the order placed may itself have filled the slot, or ASAP be off by now.
  const placedBefore = await placedWithKey(repositories, key);
  if (placedBefore !== undefined) return placedBefore;
  try {
    return await placedPhoneOrder(request, order, actor, key);
  } catch (error) {
    // A call with the same key placed the order meanwhile (KeyTaken, or a refusal its order caused): its answer is this
    // call's too.
    const placedMeanwhile = await placedWithKey(repositories, key);
    if (placedMeanwhile !== undefined) return placedMeanwhile;
    throw error;
  }
}

async function placedPhoneOrder(request: FastifyRequest, order: SentOrder, actor: Actor, key: OrderKey | undefined): Promise<OrderAcceptance> {
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
  const toPlace: Parameters<typeof placeOrder>[1] = {
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
  };
  const refusal = confirmationRefusalNow(restaurant, times, now, undefined);
  const timesOf = requestTimesAt(restaurant, now);
  const at = now.toISOString();
  const queued = nothingQueued();
  // One transaction: a call that fails, or a server that dies, at any step leaves no order behind, neither for staff to
  // type again nor for the sweep to request as `system` and the automatic refusal to refuse (docs/phone-orders.md). On
  // PostgreSQL the day's order-number row stays locked for the request and acceptance too: a few statements more, on
  // an order staff take by hand.
  const accepted = await repositories.inTransaction(async (transaction) => {
    // The key first: a second call with it waits here on PostgreSQL until this one commits or rolls back, and does no
    // work of its own if this one placed the order.
    if (key !== undefined && !(await claimPhoneOrderKey(transaction, { ...key, basketId }, at))) throw new KeyTaken(key.idempotencyKey);
    const outcome = await placeOrder(transaction, toPlace, refusal, newPublicId(), at);
    if (outcome.outcome === 'refused') {
      // Another order took the slot's last place since it was checked above.
      if (outcome.errorMessage === SLOT_FULL_MESSAGE) throw new ApiError(400, null, [{ field: 'requestedTime', message: SLOT_FULL_MESSAGE }]);
      throw new ApiError(400, outcome.errorMessage);
    }
    if (outcome.outcome !== 'confirmed') throw new Error(`A new phone order ${basketId} was not confirmed: ${outcome.outcome}`);
    const write = { transaction, now: at, actor, queued };
    const requested = await requestInTransaction(write, basketId, timesOf);
    if (requested.outcome !== 'requested') throw new Error(`The new phone order ${basketId} was not requested: ${requested.outcome}`);
    const changed = await changeInTransaction(write, { basketId }, (current) => acceptOrder(current, at));
    // A request made this instant is neither answered nor timed out, so its acceptance is never refused.
    if (changed.outcome !== 'changed') throw new Error(`The new phone order ${basketId} was not accepted: ${changed.outcome}`);
    return changed.acceptance;
  });
  kickOutboxes(repositories, queued);
  return accepted;
}
