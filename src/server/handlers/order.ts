import type { HandlerMap } from './handlerTypes';
import { basketOf, currentAcceptance, mayReadCustomerDetails } from '../services/orderAccess';
import { trackedOrder } from '../services/acceptanceAnswers';
import { orderItemOf, orderViewOf } from '../services/orderViews';

// Tracking, by orderRef: what a tracking link carries, so it works on any device (docs/acceptance-and-kitchen.md); the
// customer's details only to those who show more than the reference (docs/interfaces.md, Privacy).
export const orderHandlers: Pick<HandlerMap, 'getActiveOrder' | 'getOrderDetails'> = {
  async getActiveOrder(request) {
    return { data: { order: await trackedOrder(request, await currentAcceptance(request, { orderRef: request.params.orderId })) } };
  },

  async getOrderDetails(request) {
    const acceptance = await currentAcceptance(request, { orderRef: request.params.orderId });
    const basket = await basketOf(request, acceptance);
    const orderDetails = orderViewOf(basket, acceptance, mayReadCustomerDetails(request, basket));
    return { data: { orderDetails, orderItems: basket.lines.map(orderItemOf) } };
  },
};
