import type { BasketToSave } from '../../src/server/db/orderRepository';

// Baskets the data tests save.

/** A collection of one dish, £13.90 and a 10p bag, paid as `paymentType` says. */
export function collectionBasketToSave(basketId: string, paymentType: 1 | 2): BasketToSave {
  return {
    basketId,
    accountSub: null,
    status: 6,
    menuVersion: 1,
    sourceType: 'Website',
    os: 'web',
    osVersion: 'Linux',
    appVersion: '1.0.81',
    orderType: 1,
    ignoreTimeOffset: false,
    name: 'Ada Lovelace',
    phone: '0113 496 0999',
    email: 'ada@example.com',
    paymentType,
    cardOnCollection: false,
    requestedTime: null,
    asap: true,
    notes: '',
    deliveryAddress: null,
    deliveryZoneId: null,
    lines: [{ categoryId: 1, itemId: 109, configId: null, configOption: null, quantity: 1, title: 'Mixed Starter for Two', itemCostPence: 1390, lineCostPence: 1390, specialRequest: '' }],
    vouchers: [],
    pricing: {
      originalItemCostPence: 1390,
      discountPence: 0,
      profileDiscountPence: 0,
      discountPercent: 0,
      itemCostPence: 1390,
      bagChargePence: 10,
      deliveryChargePence: 0,
      totalCostPence: 1400,
    },
  };
}
