import type { components } from '../../../api/schema.gen';
import { penceToPounds } from '../../../domain/money';
import { AcceptanceStatus } from '../../../domain/orderEnums';
import { closedUntil, isPreOrder } from '../../domain/autoRefusal';
import type { Repositories } from '../../db/repositories';
import type { HonourOutcome } from '../../db/schema';
import { orderItemOf, orderViewOf, unavailableItemsOf } from '../../services/orderViews';

// What an order's emails say about it and about the restaurant, read when the email is sent. The figures are the
// customer's own order view's (GET /order/OrderDetails), so a receipt never disagrees with the confirmation page.

type Schemas = components['schemas'];

export interface OrderEmailFacts {
  /** The order as its customer's order view shows it, with the customer's details. */
  view: Schemas['OrderView'];
  /** The day's number every email names the order by ("Order 47"). */
  orderNumber: number;
  /** Its lines, as the order view lists them. */
  items: Schemas['OrderItem'][];
  /** The lines' total before any discount (SPEC's orignalItemCost), in pounds like the view. */
  itemsCost: number;
  /** The time the customer asked for (an ISO instant); null: as soon as possible. */
  requestedTime: string | null;
  /** When the order is due as it stands: the customer's time, the restaurant's proposal, or the agreed time. */
  dueTime: string;
  refusalReason: string | null;
  /** The titles of the lines the kitchen named as unavailable when it refused the order. */
  unavailableItems: string[];
  /** A phone order to be paid by card when it is collected (docs/phone-orders.md), not in cash. */
  cardOnCollection: boolean;
  /** Whether the restaurant had accepted the order: money paid online for it is then refunded rather than released. */
  accepted: boolean;
  /**
   * For an order paid online, what was done when PayPal's honour period ran out before the capture (docs/payments.md):
   * held again (`reauthorised`), or nothing taken and the order to be paid in cash (`cash`); null otherwise. Read when
   * the email is sent, so an email delayed past a fall-back to cash does not say the money is being taken or refunded.
   */
  honourOutcome: HonourOutcome | null;
  /**
   * For a pre-order (docs/acceptance-and-kitchen.md, "Pre-orders"): when the restaurant will answer it, and whether it
   * is closed until then (otherwise it is open then, and the order waited for the hour before it is due).
   */
  preOrder?: PreOrderAnswer;
}

export interface PreOrderAnswer {
  answerFrom: string;
  closedUntilThen: boolean;
}

/** Who every email comes from and where its links lead. */
export interface RestaurantContact {
  name: string;
  phone: string;
  /** The site's public origin (PUBLIC_URL), with no trailing slash. */
  siteUrl: string;
}

/** The facts of the confirmed order of `basketId` whose acceptance has been requested; undefined if there is none. */
export async function loadOrderEmailFacts(
  repositories: Pick<Repositories, 'orders' | 'acceptance' | 'restaurant' | 'ticketPayments'>,
  basketId: string,
): Promise<OrderEmailFacts | undefined> {
  const [basket, acceptance, payment] = await Promise.all([
    repositories.orders.findBasket(basketId),
    repositories.acceptance.find({ basketId }),
    repositories.ticketPayments.find(basketId),
  ]);
  if (basket === undefined || acceptance === undefined) return undefined;
  return {
    view: orderViewOf(basket, acceptance, true),
    orderNumber: acceptance.orderNumber,
    items: basket.lines.map(orderItemOf),
    itemsCost: penceToPounds(basket.pricing.originalItemCostPence),
    requestedTime: basket.asap ? null : basket.requestedTime,
    dueTime: acceptance.updateTime,
    refusalReason: acceptance.refusalReason,
    unavailableItems: unavailableItemsOf(acceptance, basket),
    cardOnCollection: basket.cardOnCollection,
    accepted: acceptance.status === AcceptanceStatus.Accepted,
    honourOutcome: payment?.honourOutcome ?? null,
    ...(isPreOrder(acceptance) ? { preOrder: await preOrderAnswerOf(repositories, acceptance.answerFrom) } : {}),
  };
}

/** Read with the opening hours in force when the email is written, normally moments after the order was placed. */
async function preOrderAnswerOf(repositories: Pick<Repositories, 'restaurant'>, answerFrom: string): Promise<PreOrderAnswer> {
  const restaurant = await repositories.restaurant.getCoreData();
  return {
    answerFrom,
    closedUntilThen: restaurant !== undefined && closedUntil(answerFrom, restaurant.openingHours, restaurant.specialDays ?? []),
  };
}

/** The restaurant's name and phone as its core data holds them now (the owner may change them), and `siteUrl`. */
export async function loadRestaurantContact(repositories: Pick<Repositories, 'restaurant'>, siteUrl: string): Promise<RestaurantContact> {
  const restaurant = await repositories.restaurant.getCoreData();
  // A thrown error is a failed send, tried again later; an email without the restaurant's name would be worse.
  if (restaurant === undefined) throw new Error('The restaurant is missing from the database, so its emails cannot say who sends them');
  return { name: restaurant.name, phone: restaurant.phone, siteUrl };
}
