import type { FastifyRequest } from 'fastify';
import { AcceptanceStatus, OrderType, PaymentType } from '../../domain/orderEnums';
import type { PreviousLine } from '../db/accountRepository';
import type { BasketChoices, PricedLine } from '../domain/basket';
import { ApiError } from '../errors';
import { priceBasket } from '../domain/basketPricing';
import { deriveBasketStatus } from '../domain/basketStatus';
import { priceLines } from '../domain/pricing';
import { entitlementOf } from '../domain/vouchers';
import { newPublicId } from '../randomIds';
import type { SuccessAnswer } from '../handlers/handlerTypes';
import { basketOf, currentAcceptance } from './orderAccess';
import { orderItemOf, unavailableItemsOf } from './orderViews';
import { chargesOf, restaurantOf } from './restaurant';
import type { ServiceContext } from './serviceContext';

/**
 * A new basket holding `previous` lines again, at today's prices ("Order again": an account's earlier order, or an order
 * the restaurant refused). Each line on its own: those the menu no longer offers as they were are left out and named,
 * after `leftOut`, the lines the caller chose to leave out. The basket belongs to `accountSub` (null for a guest's).
 */
export async function rebuiltBasket(
  { repositories, clock }: ServiceContext,
  previous: readonly PreviousLine[],
  leftOut: readonly string[],
  accountSub: string | null,
): Promise<SuccessAnswer<'rebuildOrder'>> {
  const restaurant = await restaurantOf(repositories);
  const menu = await repositories.menus.getMenu(restaurant.menuId);
  if (menu === undefined) throw new Error(`The restaurant's menu ${restaurant.menuId} is missing from the database`);

  const removedItems: string[] = [...leftOut];
  const lines: PricedLine[] = previous.flatMap((line) => {
    const priced = priceLines([{ ...line, configId: line.configId ?? undefined }], menu);
    if (priced.ok) return priced.lines;
    removedItems.push(line.title);
    return [];
  });

  const choices: BasketChoices = {
    menuVersion: menu.menuVersion,
    sourceType: 'Website',
    os: '',
    osVersion: '',
    appVersion: '',
    orderType: OrderType.NotSet,
    ignoreTimeOffset: false,
    name: '',
    phone: '',
    email: '',
    paymentType: PaymentType.NotSet,
    cardOnCollection: false,
    requestedTime: null,
    asap: false,
    notes: '',
    deliveryAddress: null,
    deliveryZoneId: null,
  };
  const account = accountSub === null ? undefined : await repositories.accounts.entitlement(accountSub, []);
  const pricing = priceBasket({
    lines,
    orderType: choices.orderType,
    charges: chargesOf(restaurant),
    zone: undefined,
    entitlement: entitlementOf(account?.profilePercent ?? 0, []),
  });
  const basketId = newPublicId();
  const orderBuilderRef = newPublicId();
  const now = clock().toISOString();
  await repositories.orders.createBasket({ basketId, orderBuilderRef, menuVersion: menu.menuVersion, now });
  await repositories.orders.saveBasket(
    { ...choices, basketId, accountSub, status: deriveBasketStatus(choices, lines.length, false), lines, pricing, vouchers: [] },
    now,
  );
  return { data: { items: lines.map(orderItemOf), removedItems, orderBuilderRef, basketId } };
}

export const NOT_ENDED_MESSAGE = 'Only an order the restaurant refused or you cancelled can be ordered again';

/** "Order again" from the refusal page: the order's lines again, without the ones the kitchen named as unavailable. */
export async function orderedAgain(request: FastifyRequest, basketId: string): Promise<SuccessAnswer<'rebuildOrder'>> {
  const ended = await currentAcceptance(request, { basketId });
  if (ended.cancelledAt === null && ended.status !== AcceptanceStatus.Refused) throw new ApiError(400, NOT_ENDED_MESSAGE);
  const basket = await basketOf(request, ended);
  const unavailable = new Set(ended.unavailableLines);
  const kept = basket.lines.filter((_, lineNo) => !unavailable.has(lineNo));
  return rebuiltBasket(request.server, kept, unavailableItemsOf(ended, basket), basket.accountSub);
}
