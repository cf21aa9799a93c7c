import { formatGbp, poundsToPence } from '../../src/domain/money';
import { OrderType, type OrderTypeValue } from '../../src/domain/orderEnums';
import { meetsMinimum, minimumOrderPence, orderSummaryMessages, type OrderMinimumSettings } from '../../src/domain/orderMinimums';
import type { BasketLine } from './basketLines';

/** What of the basket the minimums (SPEC §5) look at. */
export interface MinimumsBasket {
  orderType: OrderTypeValue;
  lines: readonly BasketLine[];
  totals?: { itemCost: number };
  delivery?: { minimumOrderValue?: number };
}

/** SPEC §5 compares the discounted item total; until the server has priced the basket its lines are the best figure. */
function discountedItemPence(basket: MinimumsBasket): number {
  return poundsToPence(basket.totals?.itemCost ?? basket.lines.reduce((total, line) => total + line.lineCost, 0));
}

/** The delivery zone's own minimum, once the address is accepted. */
function zoneMinimumPence(basket: MinimumsBasket): number | undefined {
  const zoneMinimum = basket.delivery?.minimumOrderValue;
  return zoneMinimum === undefined ? undefined : poundsToPence(zoneMinimum);
}

/** The basket's figure the minimums compare, in pounds as the screens show it. */
export function minimumsItemTotal(basket: MinimumsBasket): number {
  return discountedItemPence(basket) / 100;
}

/** SPEC §5's summary messages for this basket ("Collection available", "Add £4.20 to deliver"…). */
export function minimumMessages(basket: MinimumsBasket, minimums: OrderMinimumSettings): { collection: string; delivery: string } {
  return orderSummaryMessages(discountedItemPence(basket), minimums, zoneMinimumPence(basket));
}

/**
 * Why the basket step may not be left yet, or undefined when it may: no order type chosen, or the order below its
 * minimum, in the wording the server uses when it refuses to confirm such a basket.
 */
export function basketRefusal(basket: MinimumsBasket, minimums: OrderMinimumSettings): string | undefined {
  const { orderType } = basket;
  if (orderType === OrderType.NotSet) return 'Choose collection or delivery';
  const itemPence = discountedItemPence(basket);
  if (meetsMinimum(orderType, itemPence, minimums, zoneMinimumPence(basket))) return undefined;
  const messages = minimumMessages(basket, minimums);
  const [kind, message] = orderType === OrderType.Collection ? ['collection', messages.collection] : ['delivery', messages.delivery];
  return `${message}: the minimum order for ${kind} is ${formatGbp(minimumOrderPence(orderType, minimums, zoneMinimumPence(basket)))}`;
}
