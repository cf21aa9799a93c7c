import type { ApiError } from '../../src/api/errors';
import type { CreatedBasket, DeliveryCheck, Menu, OrderUpdate, PricedOrder } from '../../machines/basket/basketMachine';

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

function serverItemCost(categoryId: number, itemId: number, configId: number | undefined): number {
  const item = menuVersion1.categories.find((category) => category.categoryId === categoryId)?.items.find((candidate) => candidate.itemId === itemId);
  if (!item) throw new Error(`No item ${itemId} in category ${categoryId}`);
  const extra = configId === undefined ? 0 : (item.configItems.find((option) => option.configId === configId)?.extraCost ?? 0);
  return penny(item.itemCost + extra);
}

/** The order as the server would save and price it. */
export function pricedOrder(update: OrderUpdate): PricedOrder {
  const orderItems = update.orderItems.map((line) => {
    const itemCost = serverItemCost(line.categoryId, line.itemId, line.configId);
    return { ...line, itemCost, lineCost: penny(itemCost * line.quantity) };
  });
  const itemCost = penny(orderItems.reduce((total, line) => total + line.lineCost, 0));
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
    orignalItemCost: itemCost,
    bagCharge,
    deliveryCharge,
    totalCost: penny(itemCost + bagCharge + deliveryCharge),
    discount: 0,
    discountValue: 0,
    profileDiscountValue: 0,
    ignoreTimeOffset: update.ignoreTimeOffset,
    requestedTime: update.requestedTime ?? null,
    asapFlag: update.asapFlag,
    notes: update.notes ?? '',
    orderItems,
    voucherItems: [],
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
