import type { components } from '../../api/schema.gen';
import { refuseTimedOutRequests, type AutoRefusalContext } from '../autoRefusalSweep';
import type { OrderAcceptance } from '../domain/acceptance';
import { PaymentType } from '../../domain/orderEnums';
import type { SuccessAnswer } from '../handlers/handlerTypes';
import { kitchenTicketOf } from './orderViews';
import { restaurantOf } from './restaurant';

// The kitchen's tickets: the dashboard's list and one order's ticket, which its print jobs print (docs/printing.md).

const KITCHEN_LIST_HOURS = 24;

type KitchenTicket = components['schemas']['KitchenTicket'];

/** The tickets of `acceptances`, in their order: their baskets and payments are read together, not order by order. */
export async function ticketsOf({ repositories, timeoutSeconds }: AutoRefusalContext, acceptances: OrderAcceptance[]): Promise<KitchenTicket[]> {
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

/** One order's ticket as the dashboard shows it now: what its print jobs print (docs/printing.md). */
export async function kitchenTicketOfOrder(context: AutoRefusalContext, basketId: string): Promise<KitchenTicket | undefined> {
  const acceptance = await context.repositories.acceptance.find({ basketId });
  if (acceptance === undefined) return undefined;
  const [ticket] = await ticketsOf(context, [acceptance]);
  return ticket;
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

