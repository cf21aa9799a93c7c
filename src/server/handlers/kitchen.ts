import type { FastifyRequest } from 'fastify';
import type { components } from '../../api/schema.gen';
import { acceptOrder, proposeTime, refuseOrder, setKitchenStatus, type Actor, type OrderAcceptance } from '../domain/acceptance';
import type { OrderKey } from '../db/acceptanceRepository';
import { kitchenActorOf } from '../domain/kitchenAccess';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { autoRefusalContext, basketOf, changeOrder, currentAcceptance } from '../services/orderAccess';
import { kitchenOrderList, ticketsOf } from '../services/kitchenTickets';
import { placedPhoneOrder } from '../services/phoneOrders';

type KitchenOperation = 'listKitchenOrders' | 'placePhoneOrder' | 'acceptKitchenOrder' | 'proposeKitchenOrderTime' | 'refuseKitchenOrder' | 'setKitchenOrderStatus';

type KitchenTicket = components['schemas']['KitchenTicket'];
type ValidationFailure = components['schemas']['ValidationFailure'];

async function ticketOf(request: FastifyRequest, acceptance: OrderAcceptance): Promise<KitchenTicket> {
  const [ticket] = await ticketsOf(await autoRefusalContext(request), [acceptance]);
  return ticket;
}

/** The kitchen accepts an order at its time: the one way an order becomes accepted by staff. */
function acceptedByKitchen(request: FastifyRequest, key: OrderKey, actor: Actor): Promise<OrderAcceptance> {
  return changeOrder(request, key, acceptOrder, actor);
}

// The kitchen dashboard's calls (docs/acceptance-and-kitchen.md), by orderRef.
export const kitchenHandlers: Pick<HandlerMap, KitchenOperation> = {
  async listKitchenOrders(request) {
    return { data: await kitchenOrderList(await autoRefusalContext(request)) };
  },

  // Placed as a customer's order is, then accepted by the same acceptance as acceptKitchenOrder (docs/phone-orders.md).
  async placePhoneOrder(request) {
    const actor = kitchenActorOf(request.identity);
    const placed = await placedPhoneOrder(request, request.body, actor);
    return { data: { ticket: await ticketOf(request, await acceptedByKitchen(request, { basketId: placed.basketId }, actor)) } };
  },

  async acceptKitchenOrder(request) {
    const actor = kitchenActorOf(request.identity);
    const accepted = await acceptedByKitchen(request, { orderRef: request.params.orderId }, actor);
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
    const unavailableLines = request.body.unavailableLines ?? [];
    const failures: ValidationFailure[] = reason === '' ? [{ field: 'reason', message: 'must not be blank' }] : [];
    if (unavailableLines.length > 0) {
      // An order's lines never change once it is confirmed, so checking them before the change cannot race with it.
      const basket = await basketOf(request, await currentAcceptance(request, { orderRef: request.params.orderId }));
      const foreign = unavailableLines.filter((lineNo) => lineNo >= basket.lines.length);
      if (foreign.length > 0) failures.push({ field: 'unavailableLines', message: `This order has no line ${foreign.map((lineNo) => lineNo + 1).join(', ')}: pick the unavailable dishes from its own lines` });
    }
    if (failures.length > 0) throw new ApiError(400, null, failures);
    const refused = await changeOrder(request, { orderRef: request.params.orderId }, (current) => refuseOrder(current, reason, unavailableLines), actor);
    return { data: { ticket: await ticketOf(request, refused) } };
  },

  async setKitchenOrderStatus(request) {
    const actor = kitchenActorOf(request.identity);
    const { kitchenStatus } = request.body;
    const changed = await changeOrder(request, { orderRef: request.params.orderId }, (current, now) => setKitchenStatus(current, kitchenStatus, now), actor);
    return { data: { ticket: await ticketOf(request, changed) } };
  },
};
