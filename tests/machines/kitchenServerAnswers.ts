import type { ApiError } from '../../src/domain/apiErrors';
import type { KitchenOrderList, KitchenTicket } from '../../machines/kitchen/kitchenBoardMachine';
import { AcceptanceStatus, KitchenStatus, OrderType, PaymentType } from '../../src/domain/orderEnums';

/** What the kitchen calls answer in the statechart tests: one delivery order, before and after each answer. */
export const ORDER_REF = 'k1tchenOrderRef0000001';

export const newOrder: KitchenTicket = {
  orderRef: ORDER_REF,
  channel: 'online',
  acceptanceStatus: AcceptanceStatus.Requested,
  kitchenStatus: null,
  cancelled: false,
  refusalReason: null,
  unavailableLines: [],
  acceptanceRequestedAt: '2026-11-22T18:00:00.000Z',
  autoRefuseAt: '2026-11-22T18:10:00.000Z',
  preOrder: false,
  answerFrom: '2026-11-22T18:00:00.000Z',
  updateTime: '2026-11-22T18:45:00.000Z',
  asapFlag: true,
  requestedTime: null,
  orderType: OrderType.Delivery,
  paymentType: PaymentType.CashOrder,
  name: 'Mei Chen',
  phone: '07700 900123',
  email: 'mei@example.com',
  deliveryAddress: { address1: '12 Cardigan Road', address2: 'Flat 2', town: 'Leeds', postcode: 'LS6 1LJ' },
  notes: 'Ring the bell twice',
  orderItems: [
    { categoryId: 1, itemId: 11, quantity: 2, title: 'Spring Rolls', itemCost: 3.5, lineCost: 7, specialRequest: 'Extra crispy' },
    { categoryId: 2, itemId: 21, configId: 3, configOption: 'Large', quantity: 1, title: 'Egg Fried Rice', itemCost: 4.2, lineCost: 4.2 },
  ],
  itemCost: 11.2,
  discountValue: 0,
  bagCharge: 0.1,
  deliveryCharge: 2.5,
  totalCost: 13.8,
  payment: { method: 'cash', money: null, problem: null, honour: null },
};

export const acceptedOrder: KitchenTicket = { ...newOrder, acceptanceStatus: AcceptanceStatus.Accepted, kitchenStatus: KitchenStatus.Ordered, autoRefuseAt: null };
export const updatedOrder: KitchenTicket = { ...newOrder, acceptanceStatus: AcceptanceStatus.Updated, updateTime: '2026-11-22T19:15:00.000Z', autoRefuseAt: null };
export const refusedOrder: KitchenTicket = { ...newOrder, acceptanceStatus: AcceptanceStatus.Refused, refusalReason: 'Too busy', autoRefuseAt: null };
export const cookingOrder: KitchenTicket = { ...acceptedOrder, kitchenStatus: KitchenStatus.Cooking };

export function listOf(orders: KitchenTicket[]): KitchenOrderList {
  return { orders, serverTime: '2026-11-22T18:01:00.000Z', acceptanceTimeoutSeconds: 600, clockOffsetMs: 0 };
}

export const refusedAction: ApiError = { status: 400, message: 'An order that is Ordered cannot become Completed', validationErrors: [] };
export const noResponse: ApiError = { message: 'The service is temporarily unavailable', validationErrors: [] };
