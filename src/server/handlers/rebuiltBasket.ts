import type { FastifyRequest } from 'fastify';
import { OrderType, PaymentType } from '../../domain/orderEnums';
import type { PreviousLine } from '../db/accountRepository';
import type { BasketChoices, PricedLine } from '../domain/basket';
import { priceBasket } from '../domain/basketPricing';
import { deriveBasketStatus } from '../domain/basketStatus';
import { priceLines } from '../domain/pricing';
import { entitlementOf } from '../domain/vouchers';
import { newPublicId } from '../randomIds';
import type { SuccessAnswer } from './handlerTypes';
import { chargesOf, restaurantOf } from '../services/restaurant';
import { orderItemOf } from '../services/orderViews';

/**
 * A new basket holding `previous` lines again, at today's prices ("Order again": an account's earlier order, or an order
 * the restaurant refused). Each line on its own: those the menu no longer offers as they were are left out and named,
 * after `leftOut`, the lines the caller chose to leave out. The basket belongs to `accountSub` (null for a guest's).
 */
export async function rebuiltBasket(
  request: FastifyRequest,
  previous: readonly PreviousLine[],
  leftOut: readonly string[],
  accountSub: string | null,
): Promise<SuccessAnswer<'rebuildOrder'>> {
  const { repositories } = request.server;
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
  const now = request.server.clock().toISOString();
  await repositories.orders.createBasket({ basketId, orderBuilderRef, menuVersion: menu.menuVersion, now });
  await repositories.orders.saveBasket(
    { ...choices, basketId, accountSub, status: deriveBasketStatus(choices, lines.length, false), lines, pricing, vouchers: [] },
    now,
  );
  return { data: { items: lines.map(orderItemOf), removedItems, orderBuilderRef, basketId } };
}
