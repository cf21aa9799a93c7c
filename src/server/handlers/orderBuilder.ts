import type { components } from '../../api/schema.gen';
import { penceToPounds } from '../../domain/money';
import type { Basket } from '../domain/basket';
import { voucherItemOf } from './accountViews';
import type { HandlerMap } from './handlerTypes';
import { orderItemOf } from '../services/orderViews';
import { signedInCaller } from './signedInCaller';
import { confirmedOrder } from '../services/orderConfirmation';
import { deliveryZoneOf, newBasket, timeSlotsNow, updateOrder } from '../services/orderBuilding';

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


// The order builder's calls; guests and signed-in customers alike, who are priced with their account (docs/accounts.md).
export const orderBuilderHandlers: Pick<HandlerMap, OrderBuilderOperation> = {
  async createOrderBuilder(request) {
    return { data: await newBasket(request.server) };
  },

  async checkDelivery(request) {
    const { zone } = await deliveryZoneOf(request.server, request.params.postcode);
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
    return { data: await timeSlotsNow(request.server, request.params.orderType) };
  },

  async updateOrder(request) {
    const { basket, vouchers } = await updateOrder(request.server, request.body, request.identity?.sub ?? null);
    return { data: { order: orderOf(basket, vouchers.map(({ voucher, discountPence }) => voucherItemOf(voucher, discountPence))) } };
  },

  async confirmOrder(request) {
    return { data: await confirmedOrder(request.server, request.body.basketId, null) };
  },

  async confirmOrderAuth(request) {
    return { data: await confirmedOrder(request.server, request.body.basketId, signedInCaller(request).sub) };
  },
};
