import type { FastifyRequest } from 'fastify';
import type { OrderAcceptance } from '../domain/acceptance';
import { AcceptanceStatus } from '../../domain/orderEnums';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { cancelledByCustomer, newTimeAcceptedByCustomer } from '../services/acceptanceAnswers';
import { autoRefusalContext, basketOf, currentAcceptance, requestedAcceptance } from '../services/orderAccess';
import { acceptanceRequestOf, unavailableItemsOf } from '../services/orderViews';
import { rebuiltBasket } from './rebuiltBasket';

type AcceptanceOperation = 'createAcceptance' | 'getAcceptanceDetails' | 'cancelOrder' | 'acceptNewTime' | 'orderAgain';

export const NOT_ENDED_MESSAGE = 'Only an order the restaurant refused or you cancelled can be ordered again';

/**
 * The request as the customer reads it: with the lines the kitchen named, where the money is, and when it is refused
 * automatically under the restaurant's timeout now.
 */
async function requestAnswer(request: FastifyRequest, acceptance: OrderAcceptance) {
  const [basket, payment, { timeoutSeconds }] = await Promise.all([
    basketOf(request, acceptance),
    request.server.repositories.ticketPayments.find(acceptance.basketId),
    autoRefusalContext(request),
  ]);
  return { data: { orderRequest: acceptanceRequestOf(acceptance, basket, payment, timeoutSeconds) } };
}

// The customer's side of acceptance, by basketId (docs/acceptance-and-kitchen.md).
export const acceptanceHandlers: Pick<HandlerMap, AcceptanceOperation> = {
  async createAcceptance(request) {
    return requestAnswer(request, await requestedAcceptance(request, request.body.basketId, 'customer'));
  },

  async getAcceptanceDetails(request) {
    return requestAnswer(request, await currentAcceptance(request, { basketId: request.params.basketId }));
  },

  async cancelOrder(request) {
    await cancelledByCustomer(request, request.params.basketId);
    return { data: { OrderCancelled: true } };
  },

  async acceptNewTime(request) {
    return requestAnswer(request, await newTimeAcceptedByCustomer(request, request.params.basketId));
  },

  // "Order again" from the refusal page: the order's lines again, without the ones the kitchen named as unavailable.
  async orderAgain(request) {
    const ended = await currentAcceptance(request, { basketId: request.params.basketId });
    if (ended.cancelledAt === null && ended.status !== AcceptanceStatus.Refused) throw new ApiError(400, NOT_ENDED_MESSAGE);
    const basket = await basketOf(request, ended);
    const unavailable = new Set(ended.unavailableLines);
    const kept = basket.lines.filter((_, lineNo) => !unavailable.has(lineNo));
    return rebuiltBasket(request, kept, unavailableItemsOf(ended, basket), basket.accountSub);
  },
};
