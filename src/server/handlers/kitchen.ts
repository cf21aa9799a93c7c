import type { FastifyRequest } from 'fastify';
import type { components } from '../../api/schema.gen';
import { refuseTimedOutRequests, type AutoRefusalContext } from '../autoRefusalSweep';
import { acceptOrder, proposeTime, refuseOrder, setKitchenStatus, type Actor, type OrderAcceptance } from '../domain/acceptance';
import type { OrderKey } from '../db/acceptanceRepository';
import { kitchenActorOf } from '../domain/kitchenAccess';
import { PaymentType } from '../../domain/orderEnums';
import { ApiError } from '../errors';
import type { HandlerMap, SuccessAnswer } from './handlerTypes';
import { autoRefusalContext, basketOf, changeOrder, currentAcceptance } from './orderAccess';
import { restaurantOf } from './orderBuilder';
import { kitchenTicketOf } from './orderViews';
import { placedPhoneOrder } from './phoneOrders';

type KitchenOperation = 'listKitchenOrders' | 'placePhoneOrder' | 'acceptKitchenOrder' | 'proposeKitchenOrderTime' | 'refuseKitchenOrder' | 'setKitchenOrderStatus';

const KITCHEN_LIST_HOURS = 24;

type KitchenTicket = components['schemas']['KitchenTicket'];
type ValidationFailure = components['schemas']['ValidationFailure'];

/** The tickets of `acceptances`, in their order: their baskets and payments are read together, not order by order. */
async function ticketsOf({ repositories, timeoutSeconds }: AutoRefusalContext, acceptances: OrderAcceptance[]): Promise<KitchenTicket[]> {
  // A cash order has no payment to read.
  const paidOnline = acceptances.filter((acceptance) => acceptance.paymentType === PaymentType.InternetOrder);
  const [baskets, payments, dishNames] = await Promise.all([
    repositories.orders.findBaskets(acceptances.map((acceptance) => acceptance.basketId)),
    repositories.ticketPayments.findMany(paidOnline.map((acceptance) => acceptance.basketId)),
    menuDishNames(repositories),
  ]);
  return acceptances.map((acceptance) => {
    const basket = baskets.get(acceptance.basketId);
    // A basket exists as long as its acceptance does.
    if (basket === undefined) throw new Error(`The basket of the order ${acceptance.orderRef} is missing`);
    const ticket = kitchenTicketOf(acceptance, basket, payments.get(acceptance.basketId), timeoutSeconds);
    return { ...ticket, orderItems: ticket.orderItems.map((line) => ({ ...line, ...dishNames.get(line.itemId) })) };
  });
}

type DishNames = Pick<components['schemas']['OrderItem'], 'menuNumber' | 'chineseName' | 'chineseScript'>;

/**
 * Each dish's menu number and Chinese name, by id, from the menu as published now (cached): the cooks read them on the
 * ticket under the English. A dish since taken off the menu has neither.
 */
async function menuDishNames(repositories: AutoRefusalContext['repositories']): Promise<Map<number, DishNames>> {
  const menu = await repositories.menus.getMenu((await restaurantOf(repositories)).menuId);
  const items = menu?.categories.flatMap((category) => category.items) ?? [];
  return new Map(items.map(({ itemId, menuNumber, chineseName, chineseScript }) => [itemId, { menuNumber, chineseName, chineseScript }]));
}

async function ticketOf(request: FastifyRequest, acceptance: OrderAcceptance): Promise<KitchenTicket> {
  const [ticket] = await ticketsOf(await autoRefusalContext(request), [acceptance]);
  return ticket;
}

/** The kitchen accepts an order at its time: the one way an order becomes accepted by staff. */
function acceptedByKitchen(request: FastifyRequest, key: OrderKey, actor: Actor): Promise<OrderAcceptance> {
  return changeOrder(request, key, acceptOrder, actor);
}

/**
 * The dashboard's list (listKitchenOrders), read every few seconds all evening: timed-out requests refused first, then
 * the orders of the last day and older ones still open, in a number of queries that does not grow with the orders.
 */
export async function kitchenOrderList(context: AutoRefusalContext): Promise<SuccessAnswer<'listKitchenOrders'>['data']> {
  await refuseTimedOutRequests(context);
  const since = new Date(context.now.getTime() - KITCHEN_LIST_HOURS * 3_600_000).toISOString();
  const acceptances = await context.repositories.acceptance.listForKitchen(since);
  const orders = await ticketsOf(context, acceptances);
  return { orders, serverTime: context.now.toISOString(), acceptanceTimeoutSeconds: context.timeoutSeconds };
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
