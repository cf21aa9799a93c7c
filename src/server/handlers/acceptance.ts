import type { HandlerMap } from './handlerTypes';
import { cancelledByCustomer, customersRequest, newTimeAcceptedByCustomer } from '../services/acceptanceAnswers';
import { currentAcceptance, requestedAcceptance } from '../services/orderAccess';
import { orderedAgain } from '../services/orderAgain';

type AcceptanceOperation = 'createAcceptance' | 'getAcceptanceDetails' | 'cancelOrder' | 'acceptNewTime' | 'orderAgain';

// The customer's side of acceptance, by basketId (docs/acceptance-and-kitchen.md).
export const acceptanceHandlers: Pick<HandlerMap, AcceptanceOperation> = {
  async createAcceptance(request) {
    return { data: { orderRequest: await customersRequest(request, await requestedAcceptance(request, request.body.basketId, 'customer')) } };
  },

  async getAcceptanceDetails(request) {
    return { data: { orderRequest: await customersRequest(request, await currentAcceptance(request, { basketId: request.params.basketId })) } };
  },

  async cancelOrder(request) {
    await cancelledByCustomer(request, request.params.basketId);
    return { data: { OrderCancelled: true } };
  },

  async acceptNewTime(request) {
    return { data: { orderRequest: await customersRequest(request, await newTimeAcceptedByCustomer(request, request.params.basketId)) } };
  },

  async orderAgain(request) {
    return orderedAgain(request, request.params.basketId);
  },
};
