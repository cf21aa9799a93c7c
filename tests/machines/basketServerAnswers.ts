import type { ApiError } from '../../src/domain/apiErrors';
import type { BasketEvent, CreatedBasket, DeliveryCheck, Menu, OrderUpdate, PricedOrder, RebuiltOrder } from '../../machines/basket/basketMachine';
import type { AccountVoucher, VoucherItem } from '../../machines/basket/basketVouchers';

/**
 * What the order-builder calls answer in the statechart tests: fixed, deterministic answers computed the way the
 * server does (its own prices, a bag charge, the zone's delivery charge), so that a test can tell the server's
 * figures from the ones the client sent.
 */
export const BAG_CHARGE = 0.1;

export const menuVersion1: Menu = {
  menuId: 1,
  menuVersion: 1,
  menuType: 2,
  categories: [
    {
      restaurantId: 1,
      categoryId: 1,
      category: 'Starters',
      description: '',
      categoryOrder: 1,
      items: [
        { itemId: 11, categoryId: 1, title: 'Spring Rolls', description: '', extendedDescription: '', itemOrder: 1, itemCost: 3.5, allergens: [], dietary: ['vegetarian'], available: true, configItems: [] },
        {
          itemId: 12,
          categoryId: 1,
          title: 'Crispy Aromatic Duck',
          description: '',
          extendedDescription: '',
          itemOrder: 2,
          itemCost: 9.8,
          allergens: ['soya'],
          dietary: [],
          available: true,
          configItems: [
            { configId: 121, configItem: 'Quarter', extraCost: 0 },
            { configId: 122, configItem: 'Half', extraCost: 8 },
          ],
        },
      ],
    },
    {
      restaurantId: 1,
      categoryId: 2,
      category: 'Mains',
      description: '',
      categoryOrder: 2,
      items: [
        { itemId: 21, categoryId: 2, title: 'Kung Po Chicken', description: '', extendedDescription: '', itemOrder: 1, itemCost: 7.2, allergens: ['peanuts'], dietary: ['spicy'], available: true, configItems: [] },
        { itemId: 22, categoryId: 2, title: 'Beef in Black Bean Sauce', description: '', extendedDescription: '', itemOrder: 2, itemCost: 7.8, allergens: [], dietary: [], available: true, configItems: [] },
      ],
    },
  ],
};

/** Version 2: the beef is unavailable and the duck's half portion has gone. */
export const menuVersion2: Menu = {
  ...menuVersion1,
  menuVersion: 2,
  categories: menuVersion1.categories.map((category) => ({
    ...category,
    items: category.items.map((item) =>
      item.itemId === 22
        ? { ...item, available: false }
        : item.itemId === 12
          ? { ...item, configItems: item.configItems.filter((option) => option.configId !== 122) }
          : item,
    ),
  })),
};

export const createdBasket: CreatedBasket = { basketId: 'basket-7f3a9c', orderBuilderRef: 'ref-7f3a9c' };

const penny = (pounds: number) => Math.round(pounds * 100) / 100;

/** The menu versions the fake server knows; it prices an update from the version it names (else version 1). */
export const serverMenus: Menu[] = [menuVersion1, menuVersion2];
/** Item prices the owner has published since the customer's menu was loaded (item id → pounds): the fake server charges them. */
export const publishedPrices = new Map<number, number>();

function serverItemCost(menuVersion: number, categoryId: number, itemId: number, configId: number | undefined): number {
  const menu = serverMenus.find((candidate) => candidate.menuVersion === menuVersion) ?? menuVersion1;
  const item = menu.categories.find((category) => category.categoryId === categoryId)?.items.find((candidate) => candidate.itemId === itemId);
  if (!item) throw new Error(`No item ${itemId} in category ${categoryId}`);
  const extra = configId === undefined ? 0 : (item.configItems.find((option) => option.configId === configId)?.extraCost ?? 0);
  return penny((publishedPrices.get(itemId) ?? item.itemCost) + extra);
}

/** The signed-in customer of the tests: a 10 % profile discount and one voucher of each kind (SPEC §4 types). */
export const CUSTOMER_SUB = 'customer-3c1d';
export const OTHER_CUSTOMER_SUB = 'customer-9e2b';
export const PROFILE_DISCOUNT_PERCENT = 10;
export const fixedVoucher: AccountVoucher = { voucherId: 31, voucherType: 1, title: '£3 off your order', percDiscount: 0, itemCost: -3, discountValue: 3 };
export const pointsVoucher: AccountVoucher = { voucherId: 32, voucherType: 2, title: '£5 off (100 points)', percDiscount: 0, itemCost: 0, discountValue: 5 };
export const fridayVoucher: AccountVoucher = { voucherId: 33, voucherType: 3, title: 'Friday 15% off', percDiscount: 15, itemCost: 0, discountValue: 0, validDay: 5 };
export const heldVouchers: AccountVoucher[] = [fixedVoucher, pointsVoucher, fridayVoucher];
/** A voucher of somebody else's: never in the customer's lists. */
export const foreignVoucher: AccountVoucher = { ...fixedVoucher, voucherId: 77, title: 'Not yours' };

/** What a held voucher takes off an item total, in pounds (SPEC §9), as the server's answer carries it. */
function pricedVoucher(voucherId: number, itemTotal: number): VoucherItem {
  const voucher = heldVouchers.find((candidate) => candidate.voucherId === voucherId);
  if (!voucher) throw new Error(`Voucher ${voucherId} is not held`);
  // The face value: negative for a fixed-value or points voucher, 0 for a percent one.
  const itemCost = voucher.voucherType === 1 ? voucher.itemCost : voucher.voucherType === 2 ? -voucher.discountValue : 0;
  const off = voucher.voucherType === 3 ? penny((itemTotal * voucher.percDiscount) / 100) : -itemCost;
  return { voucherId, voucherType: voucher.voucherType, title: voucher.title, percDiscount: voucher.percDiscount, quantity: 1, itemCost, lineCost: -off };
}

/**
 * The order as the server would save and price it: for a signed-in caller with the profile discount and the held
 * vouchers sent; a guest's vouchers are cleared (SPEC §4).
 */
export function pricedOrder(update: OrderUpdate, caller: { signedIn: boolean } = { signedIn: false }): PricedOrder {
  const orderItems = update.orderItems.map((line) => {
    const itemCost = serverItemCost(update.menuVersion, line.categoryId, line.itemId, line.configId);
    return { ...line, itemCost, lineCost: penny(itemCost * line.quantity) };
  });
  const orignalItemCost = penny(orderItems.reduce((total, line) => total + line.lineCost, 0));
  const discount = caller.signedIn ? PROFILE_DISCOUNT_PERCENT : 0;
  const profileDiscountValue = penny((orignalItemCost * discount) / 100);
  const voucherItems = caller.signedIn ? update.voucherItems.map((voucher) => pricedVoucher(voucher.voucherId, orignalItemCost)) : [];
  const discountValue = Math.min(orignalItemCost, penny(profileDiscountValue - voucherItems.reduce((total, voucher) => total + voucher.lineCost, 0)));
  const itemCost = penny(orignalItemCost - discountValue);
  const bagCharge = orderItems.length > 0 ? BAG_CHARGE : 0;
  const deliveryCharge = update.orderType === 2 && update.deliveryZoneId === 1 ? 2.5 : 0;
  return {
    ref: createdBasket.orderBuilderRef,
    basketId: update.basketId,
    sourceType: update.sourceType,
    os: update.os,
    osVersion: update.osVersion,
    appVersion: update.appVersion,
    menuVersion: update.menuVersion,
    status: orderItems.length > 0 ? 1 : 0,
    orderType: update.orderType,
    itemCost,
    orignalItemCost,
    bagCharge,
    deliveryCharge,
    totalCost: penny(itemCost + bagCharge + deliveryCharge),
    discount,
    discountValue,
    profileDiscountValue,
    ignoreTimeOffset: update.ignoreTimeOffset,
    requestedTime: update.requestedTime ?? null,
    asapFlag: update.asapFlag,
    notes: update.notes ?? '',
    orderItems,
    voucherItems,
    name: update.name ?? '',
    phone: update.phone ?? '',
    email: update.email ?? '',
    paymentType: update.paymentType,
    deliveryAddress: update.deliveryAddress ?? null,
    deliveryZoneId: update.deliveryZoneId ?? null,
  };
}

export const IN_ZONE_POSTCODE = 'LS6 2AB';
export const OUT_OF_ZONE_POSTCODE = 'YO1 7HH';

/** As the contract answers: a postcode outside every zone is `validPostCode` false with `zone` null. */
export function deliveryCheckOf(postcode: string): DeliveryCheck {
  if (postcode === IN_ZONE_POSTCODE) return { zone: 1, deliveryCharge: 2.5, validPostCode: true, minimumOrderValue: 15 };
  return { zone: null, deliveryCharge: 0, validPostCode: false };
}

/** The contract's answer to a value that is not a UK postcode. */
export const malformedPostcode: ApiError = {
  status: 400,
  message: null,
  validationErrors: [{ field: 'postcode', message: 'must be a UK postcode, for example LS6 2AB' }],
};

export const CONFIRMED_ORDER_REF = 'order-5d1e02';

export const refusedUpdate: ApiError = { status: 400, message: 'The basket could not be saved', validationErrors: [] };
export const noResponse: ApiError = { message: 'The service is temporarily unavailable', validationErrors: [] };

/** The contract's refusal of a voucher the order carries at `position` (here: a day-specific voucher on another day). */
export function refusedVoucher(position: number): ApiError {
  return { status: 400, message: null, validationErrors: [{ field: `voucherItems[${position}].voucherId`, message: 'can be used only on a Friday' }] };
}

export const PREVIOUS_ORDER_ID = 'order-previous-4a7e';

/** RebuildOrder's answer: a new basket with the previous order's items still on the menu, today's prices. */
export const rebuiltOrder: RebuiltOrder = {
  basketId: 'basket-rebuilt-81c2',
  orderBuilderRef: 'ref-rebuilt-81c2',
  items: [
    { categoryId: 1, itemId: 11, title: 'Spring Rolls', quantity: 2, itemCost: 3.5, lineCost: 7 },
    { categoryId: 2, itemId: 21, title: 'Kung Po Chicken', quantity: 1, itemCost: 7.2, lineCost: 7.2 },
  ],
  removedItems: ['Beef in Black Bean Sauce'],
};

/** RebuildOrder's answer when none of the previous order's items is on the menu now. */
export const rebuiltEmptyOrder: RebuiltOrder = { ...rebuiltOrder, items: [], removedItems: ['Beef in Black Bean Sauce'] };

/** RebuildOrder for an order that is not the caller's (as the contract answers it, read through SPEC §8). */
export const orderNotFound: ApiError = { status: 404, message: 'Route does not exist', validationErrors: [] };

/** The basket step's Continue. */
export const confirmBasket = { type: 'CONFIRM_BASKET' } as const satisfies BasketEvent;

/** A restaurant whose minimums hold no order back (basket.test.ts tests the minimum gate). */
export const NO_MINIMUMS = { allowCollection: true, allowOrdering: true, minimumCollectionOrderPence: 0, minimumFreeOrderPence: 0 } as const;
