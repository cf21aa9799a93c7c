import type { components } from '../../api/schema.gen';
import { penceToPounds } from '../../domain/money';
import { lineTitle } from '../../domain/orderLines';
import { AcceptanceStatus, KitchenStatus, PaymentType } from '../../domain/orderEnums';
import type { OrderAcceptance } from '../domain/acceptance';
import { autoRefuseAt, isPreOrder } from '../domain/autoRefusal';
import type { Basket, PricedLine } from '../domain/basket';
import { kitchenTicketPaymentOf, type TicketPaymentFacts } from '../domain/kitchenPayment';

// How a confirmed order and its acceptance are shown by the customer's and the kitchen's calls.

type Schemas = components['schemas'];

export function orderItemOf(line: PricedLine): Schemas['OrderItem'] {
  return {
    categoryId: line.categoryId,
    itemId: line.itemId,
    ...(line.configId === null ? {} : { configId: line.configId, configOption: line.configOption ?? '' }),
    quantity: line.quantity,
    title: line.title,
    ...(line.description === undefined ? {} : { description: line.description }),
    ...(line.extendedDescription === undefined ? {} : { extendedDescription: line.extendedDescription }),
    ...(line.itemOrder === undefined ? {} : { itemOrder: line.itemOrder }),
    itemCost: penceToPounds(line.itemCostPence),
    lineCost: penceToPounds(line.lineCostPence),
    specialRequest: line.specialRequest,
  };
}

/** The lines the kitchen named as unavailable, as the customer reads them. */
export function unavailableItemsOf(acceptance: OrderAcceptance, basket: Basket): string[] {
  return acceptance.unavailableLines.flatMap((lineNo) => {
    const line = basket.lines[lineNo];
    return line === undefined ? [] : [lineTitle(line)];
  });
}

export function acceptanceRequestOf(
  acceptance: OrderAcceptance,
  basket: Basket,
  payment: TicketPaymentFacts | undefined,
  timeoutSeconds: number,
): Schemas['OrderAcceptanceRequest'] {
  return {
    orderBuilderId: acceptance.basketId,
    orderStatus: acceptance.status,
    updateTime: acceptance.updateTime,
    orderRef: acceptance.orderRef,
    orderNumber: acceptance.orderNumber,
    cancelled: acceptance.cancelledAt !== null,
    refusalReason: acceptance.refusalReason,
    unavailableItems: unavailableItemsOf(acceptance, basket),
    payment: orderPaymentOf(basket, payment),
    preOrder: isPreOrder(acceptance),
    answerFrom: acceptance.answerFrom,
    autoRefuseAt: autoRefuseAt(acceptance, timeoutSeconds),
    heldAmount: basket.paymentType === PaymentType.InternetOrder ? penceToPounds(basket.pricing.totalCostPence) : null,
  };
}

/**
 * How the customer reads the order's payment: where the money is, never PayPal's problems with it (those are for
 * staff), and whether it is to be paid in cash after PayPal would not take it (docs/payments.md).
 */
export function orderPaymentOf(basket: Basket, payment: TicketPaymentFacts | undefined): Schemas['OrderPayment'] {
  const { method, money, honour } = kitchenTicketPaymentOf(basket.paymentType, payment, basket.cardOnCollection);
  return { method, money, amount: penceToPounds(basket.pricing.totalCostPence), cashInstead: honour === 'cash' };
}

/** The order as its tracking page reads it, with its payment as orderPaymentOf says it. */
export function activeOrderOf(acceptance: OrderAcceptance, payment: Schemas['OrderPayment']): Schemas['ActiveOrder'] {
  const cancelled = acceptance.cancelledAt !== null;
  const ended = cancelled || acceptance.status === AcceptanceStatus.Refused;
  return {
    orderRef: acceptance.orderRef,
    orderNumber: acceptance.orderNumber,
    currentStatus: ended ? KitchenStatus.Cancelled : (acceptance.kitchenStatus ?? KitchenStatus.Ordered),
    orderStatus: acceptance.status,
    orderType: acceptance.orderType,
    updateTime: acceptance.updateTime,
    cancelled,
    refusalReason: acceptance.refusalReason,
    payment,
  };
}

/**
 * The order view; without `customerDetails` (a caller holding only the order reference) the fields that say who ordered
 * or where it goes are emptied. Notes are among them: customers write door codes and directions there.
 */
export function orderViewOf(basket: Basket, acceptance: OrderAcceptance, customerDetails: boolean): Schemas['OrderView'] {
  const { pricing } = basket;
  return {
    orderRef: acceptance.orderRef,
    orderNumber: acceptance.orderNumber,
    items: basket.lines.reduce((count, line) => count + line.quantity, 0),
    name: customerDetails ? basket.name : '',
    phoneNumber: customerDetails ? basket.phone : '',
    emailAddress: customerDetails ? basket.email : '',
    created: basket.confirmedAt ?? acceptance.requestedAt,
    orderType: basket.orderType,
    deliveryAddress: customerDetails ? basket.deliveryAddress : null,
    deliveryCharge: penceToPounds(pricing.deliveryChargePence),
    bagCharge: penceToPounds(pricing.bagChargePence),
    paymentType: basket.paymentType,
    amount: penceToPounds(pricing.totalCostPence),
    discount: penceToPounds(pricing.discountPence),
    notes: customerDetails ? basket.notes : '',
    personalDetailsWithheld: !customerDetails,
  };
}

export function kitchenTicketOf(
  acceptance: OrderAcceptance,
  basket: Basket,
  payment: TicketPaymentFacts | undefined,
  timeoutSeconds: number,
): Schemas['KitchenTicket'] {
  const { pricing } = basket;
  return {
    orderRef: acceptance.orderRef,
    orderNumber: acceptance.orderNumber,
    acceptanceStatus: acceptance.status,
    kitchenStatus: acceptance.kitchenStatus,
    cancelled: acceptance.cancelledAt !== null,
    refusalReason: acceptance.refusalReason,
    unavailableLines: [...acceptance.unavailableLines],
    acceptanceRequestedAt: acceptance.requestedAt,
    autoRefuseAt: autoRefuseAt(acceptance, timeoutSeconds),
    preOrder: isPreOrder(acceptance),
    answerFrom: acceptance.answerFrom,
    updateTime: acceptance.updateTime,
    asapFlag: basket.asap,
    requestedTime: basket.requestedTime,
    orderType: basket.orderType,
    paymentType: basket.paymentType,
    name: basket.name,
    phone: basket.phone,
    email: basket.email,
    deliveryAddress: basket.deliveryAddress,
    notes: basket.notes,
    orderItems: basket.lines.map(orderItemOf),
    itemCost: penceToPounds(pricing.itemCostPence),
    discountValue: penceToPounds(pricing.discountPence),
    bagCharge: penceToPounds(pricing.bagChargePence),
    deliveryCharge: penceToPounds(pricing.deliveryChargePence),
    totalCost: penceToPounds(pricing.totalCostPence),
    payment: kitchenTicketPaymentOf(basket.paymentType, payment, basket.cardOnCollection),
    channel: basket.sourceType === 'Phone' ? 'phone' : 'online',
  };
}
