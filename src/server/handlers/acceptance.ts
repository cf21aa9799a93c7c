import type { FastifyRequest } from 'fastify';
import { restaurantCoreData, restaurantPhone, withTimeoutApplied } from '../autoRefusalSweep';
import { acceptNewTime, cancelOrder, NOT_CONFIRMED_MESSAGE, ORDER_NOT_FOUND_MESSAGE, type OrderAcceptance } from '../domain/acceptance';
import { answerFromOf } from '../domain/autoRefusal';
import { dueTime } from '../domain/dueTime';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { autoRefusalContext, basketOf, changeOrder, currentAcceptance } from './orderAccess';
import { leadMinutesNow } from './orderTimes';
import { acceptanceRequestOf } from './orderViews';

type AcceptanceOperation = 'createAcceptance' | 'getAcceptanceDetails' | 'cancelOrder' | 'acceptNewTime';

/** The request as the customer reads it, with when it is refused automatically under the restaurant's timeout now. */
async function requestView(request: FastifyRequest, acceptance: OrderAcceptance) {
  const [basket, { timeoutSeconds }] = await Promise.all([basketOf(request, acceptance), autoRefusalContext(request)]);
  return { data: { orderRequest: acceptanceRequestOf(acceptance, basket, timeoutSeconds) } };
}

/** The basket's acceptance request, made now if the confirmed basket has none yet. */
async function requestedAcceptance(request: FastifyRequest, basketId: string): Promise<OrderAcceptance> {
  const { repositories } = request.server;
  const restaurant = await restaurantCoreData(repositories);
  const now = request.server.clock();
  // An ASAP order is due after the lead time busy mode lengthens.
  const leadMinutes = leadMinutesNow(restaurant, now);
  const requestedAt = now.toISOString();
  const outcome = await repositories.acceptance.requestAcceptance(
    basketId,
    (order) => {
      const updateTime = dueTime(order, leadMinutes);
      return {
        updateTime,
        answerFrom: answerFromOf({ requestedAt, dueTime: updateTime, openingPeriods: restaurant.openingHours, specialDays: restaurant.specialDays ?? [] }),
      };
    },
    requestedAt,
    'customer',
  );
  if (outcome.outcome === 'missing') throw new ApiError(400, ORDER_NOT_FOUND_MESSAGE);
  if (outcome.outcome === 'unconfirmed') throw new ApiError(400, NOT_CONFIRMED_MESSAGE);
  return withTimeoutApplied(await autoRefusalContext(request), outcome.acceptance);
}

// The customer's side of acceptance, by basketId (docs/acceptance-and-kitchen.md).
export const acceptanceHandlers: Pick<HandlerMap, AcceptanceOperation> = {
  async createAcceptance(request) {
    return requestView(request, await requestedAcceptance(request, request.body.basketId));
  },

  async getAcceptanceDetails(request) {
    return requestView(request, await currentAcceptance(request, { basketId: request.params.basketId }));
  },

  async cancelOrder(request) {
    const { basketId } = request.params;
    // A confirmed order may be cancelled before its request was made; it is made, then cancelled, so that
    // the order has one record and the kitchen sees what happened.
    await requestedAcceptance(request, basketId);
    const phone = await restaurantPhone(request.server.repositories);
    await changeOrder(request, { basketId }, (current, now) => cancelOrder(current, now, phone), 'customer');
    return { data: { OrderCancelled: true } };
  },

  async acceptNewTime(request) {
    const accepted = await changeOrder(request, { basketId: request.params.basketId }, acceptNewTime, 'customer');
    return requestView(request, accepted);
  },
};
