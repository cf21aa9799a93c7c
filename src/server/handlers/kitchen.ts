import type { FastifyRequest } from 'fastify';
import type { components } from '../../api/schema.gen';
import type { OrderAcceptance } from '../domain/acceptance';
import { kitchenActorOf } from '../domain/kitchenAccess';
import type { HandlerMap } from './handlerTypes';
import { acceptedByKitchen, kitchenStatusSet, refusedByKitchen, timeProposedByKitchen } from '../services/acceptanceAnswers';
import { autoRefusalContext } from '../services/orderAccess';
import { kitchenOrderList, ticketsOf } from '../services/kitchenTickets';
import { acceptedPhoneOrder } from '../services/phoneOrders';

type KitchenOperation = 'listKitchenOrders' | 'placePhoneOrder' | 'acceptKitchenOrder' | 'proposeKitchenOrderTime' | 'refuseKitchenOrder' | 'setKitchenOrderStatus';

type KitchenTicket = components['schemas']['KitchenTicket'];

/** The order as the dashboard shows it: its ticket. */
async function ticketOf(request: FastifyRequest, acceptance: OrderAcceptance): Promise<KitchenTicket> {
  const [ticket] = await ticketsOf(await autoRefusalContext(request), [acceptance]);
  return ticket;
}

// The kitchen dashboard's calls (docs/acceptance-and-kitchen.md), by orderRef; the use-cases are services/acceptanceAnswers.ts.
export const kitchenHandlers: Pick<HandlerMap, KitchenOperation> = {
  async listKitchenOrders(request) {
    return { data: await kitchenOrderList(await autoRefusalContext(request)) };
  },

  async placePhoneOrder(request) {
    return { data: { ticket: await ticketOf(request, await acceptedPhoneOrder(request, request.body, kitchenActorOf(request.identity))) } };
  },

  async acceptKitchenOrder(request) {
    const accepted = await acceptedByKitchen(request, { orderRef: request.params.orderId }, kitchenActorOf(request.identity));
    return { data: { ticket: await ticketOf(request, accepted) } };
  },

  async proposeKitchenOrderTime(request) {
    const updated = await timeProposedByKitchen(request, { orderRef: request.params.orderId }, request.body.updateTime, kitchenActorOf(request.identity));
    return { data: { ticket: await ticketOf(request, updated) } };
  },

  async refuseKitchenOrder(request) {
    const refused = await refusedByKitchen(request, { orderRef: request.params.orderId }, request.body, kitchenActorOf(request.identity));
    return { data: { ticket: await ticketOf(request, refused) } };
  },

  async setKitchenOrderStatus(request) {
    const changed = await kitchenStatusSet(request, { orderRef: request.params.orderId }, request.body.kitchenStatus, kitchenActorOf(request.identity));
    return { data: { ticket: await ticketOf(request, changed) } };
  },
};
