import type { FastifyRequest } from 'fastify';
import type { components } from '../../api/schema.gen';
import { refuseTimedOutRequests } from '../autoRefusalSweep';
import { acceptOrder, proposeTime, refuseOrder, setKitchenStatus, type OrderAcceptance } from '../domain/acceptance';
import { kitchenActorOf } from '../domain/kitchenAccess';
import { PaymentType } from '../../domain/orderEnums';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { autoRefusalContext, basketOf, changeOrder } from './orderAccess';
import { kitchenTicketOf } from './orderViews';

type KitchenOperation = 'listKitchenOrders' | 'acceptKitchenOrder' | 'proposeKitchenOrderTime' | 'refuseKitchenOrder' | 'setKitchenOrderStatus';

const KITCHEN_LIST_HOURS = 24;

async function ticketOf(request: FastifyRequest, acceptance: OrderAcceptance): Promise<components['schemas']['KitchenTicket']> {
  const basket = await basketOf(request, acceptance);
  // A cash order has no payment to read.
  const payment = basket.paymentType === PaymentType.InternetOrder ? await request.server.repositories.ticketPayments.find(basket.basketId) : undefined;
  return kitchenTicketOf(acceptance, basket, payment, request.server.acceptanceTimeoutSeconds);
}

// The kitchen dashboard's calls (docs/acceptance-and-kitchen.md), by orderRef.
export const kitchenHandlers: Pick<HandlerMap, KitchenOperation> = {
  async listKitchenOrders(request) {
    const context = autoRefusalContext(request);
    await refuseTimedOutRequests(context);
    const since = new Date(context.now.getTime() - KITCHEN_LIST_HOURS * 3_600_000).toISOString();
    const acceptances = await request.server.repositories.acceptance.listForKitchen(since);
    const orders = await Promise.all(acceptances.map((acceptance) => ticketOf(request, acceptance)));
    return { data: { orders, serverTime: context.now.toISOString(), acceptanceTimeoutSeconds: context.timeoutSeconds } };
  },

  async acceptKitchenOrder(request) {
    const actor = kitchenActorOf(request.identity);
    const accepted = await changeOrder(request, { orderRef: request.params.orderId }, acceptOrder, actor);
    return { data: { ticket: await ticketOf(request, accepted) } };
  },

  async proposeKitchenOrderTime(request) {
    const actor = kitchenActorOf(request.identity);
    const { updateTime } = request.body;
    const updated = await changeOrder(request, { orderRef: request.params.orderId }, (current, now) => proposeTime(current, updateTime, now), actor);
    return { data: { ticket: await ticketOf(request, updated) } };
  },

  async refuseKitchenOrder(request) {
    const actor = kitchenActorOf(request.identity);
    const reason = request.body.reason.trim();
    if (reason === '') throw new ApiError(400, null, [{ field: 'reason', message: 'must not be blank' }]);
    const refused = await changeOrder(request, { orderRef: request.params.orderId }, (current) => refuseOrder(current, reason), actor);
    return { data: { ticket: await ticketOf(request, refused) } };
  },

  async setKitchenOrderStatus(request) {
    const actor = kitchenActorOf(request.identity);
    const { kitchenStatus } = request.body;
    const changed = await changeOrder(request, { orderRef: request.params.orderId }, (current, now) => setKitchenStatus(current, kitchenStatus, now), actor);
    return { data: { ticket: await ticketOf(request, changed) } };
  },
};
