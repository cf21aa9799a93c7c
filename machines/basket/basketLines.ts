import type { components } from '../../src/api/schema.gen';
import { formatGbp, penceToPounds, poundsToPence } from '../../src/domain/money';
import { lineTitle } from '../../src/domain/orderLines';

type Menu = components['schemas']['Menu'];
type ServerOrderItem = components['schemas']['OrderItem'];

/** The most of one line the contract accepts (OrderItem.quantity). */
export const MAX_LINE_QUANTITY = 99;
/** The longest special request the contract accepts (OrderItem.specialRequest): the screen's input limit. */
export const MAX_SPECIAL_REQUEST_LENGTH = 200;

/** One line of the basket; `itemCost` (one item with its option) and `lineCost` are the server's once it has answered. */
export interface BasketLine {
  categoryId: number;
  itemId: number;
  configId?: number;
  configOption?: string;
  title: string;
  quantity: number;
  specialRequest?: string;
  itemCost: number;
  lineCost: number;
}

/** A line as the menu screen adds it: the client's best figure for one item; the line's cost follows from it. */
export type NewBasketLine = Omit<BasketLine, 'lineCost'>;

function withLineCost(line: Omit<BasketLine, 'lineCost'>): BasketLine {
  return { ...line, lineCost: penceToPounds(poundsToPence(line.itemCost) * line.quantity) };
}

/** SPEC §5: lines with the same category, item and config are one line. */
function isSameProduct(a: Pick<BasketLine, 'categoryId' | 'itemId' | 'configId'>, b: Pick<BasketLine, 'categoryId' | 'itemId' | 'configId'>): boolean {
  return a.categoryId === b.categoryId && a.itemId === b.itemId && a.configId === b.configId;
}

/**
 * Adds a line, merging it into the line of the same product (SPEC §5). The merged line keeps its own special
 * request; a new line's request is taken only when the existing line has none, so nothing typed is overwritten.
 */
export function mergeLine(lines: readonly BasketLine[], added: NewBasketLine): BasketLine[] {
  const index = lines.findIndex((line) => isSameProduct(line, added));
  if (index === -1) return [...lines, withLineCost({ ...added, quantity: Math.min(added.quantity, MAX_LINE_QUANTITY) })];
  return lines.map((line, position) =>
    position === index
      ? withLineCost({
          ...line,
          quantity: Math.min(line.quantity + added.quantity, MAX_LINE_QUANTITY),
          specialRequest: line.specialRequest || added.specialRequest,
        })
      : line,
  );
}

export function increaseLine(lines: readonly BasketLine[], index: number): BasketLine[] {
  return lines.map((line, position) => (position === index ? withLineCost({ ...line, quantity: line.quantity + 1 }) : line));
}

/** SPEC §5: cancelling reduces the quantity, and removes the line when the quantity would reach zero. */
export function cancelLine(lines: readonly BasketLine[], index: number): BasketLine[] {
  const line = lines[index];
  if (line === undefined) return [...lines];
  if (line.quantity <= 1) return lines.filter((_, position) => position !== index);
  return lines.map((other, position) => (position === index ? withLineCost({ ...other, quantity: other.quantity - 1 }) : other));
}

export function setSpecialRequest(lines: readonly BasketLine[], index: number, text: string): BasketLine[] {
  const specialRequest = text.trim() === '' ? undefined : text;
  return lines.map((line, position) => (position === index ? { ...line, specialRequest } : line));
}

export { lineTitle };

/** A changed price as the customer is told it, line by line: "Beef Curry: was £7.60, now £7.80". */
function priceChangeNote(line: Pick<BasketLine, 'title' | 'configOption'>, wasPence: number, nowPence: number): string {
  return `${lineTitle(line)}: was ${formatGbp(wasPence)}, now ${formatGbp(nowPence)}`;
}

const lineKey = (line: Pick<BasketLine, 'categoryId' | 'itemId' | 'configId'>) => `${line.categoryId}/${line.itemId}/${line.configId ?? ''}`;

/**
 * The lines the server priced at another price than the customer was shown (the owner published a new menu version
 * meanwhile: the server prices every update from the menu as it is now), each named with both prices.
 */
export function repricedLines(shown: readonly BasketLine[], priced: readonly BasketLine[]): string[] {
  const shownPence = new Map(shown.map((line) => [lineKey(line), poundsToPence(line.itemCost)]));
  return priced.flatMap((line) => {
    const wasPence = shownPence.get(lineKey(line));
    const nowPence = poundsToPence(line.itemCost);
    return wasPence === undefined || wasPence === nowPence ? [] : [priceChangeNote(line, wasPence, nowPence)];
  });
}

/**
 * Checks saved lines against the current menu: a line whose item has gone from its category, is unavailable (sold out
 * today too), or whose option has gone or is sold out is removed, and named in `removedItems`; a line whose price has
 * changed takes the menu's, and is named with both prices in `repricedItems`, so that the screen can say what happened
 * and nothing is shown at a stale price.
 */
export function revalidateLines(lines: readonly BasketLine[], menu: Menu): { lines: BasketLine[]; removedItems: string[]; repricedItems: string[] } {
  const kept: BasketLine[] = [];
  const removedItems: string[] = [];
  const repricedItems: string[] = [];
  for (const line of lines) {
    const item = menu.categories.find((category) => category.categoryId === line.categoryId)?.items.find((candidate) => candidate.itemId === line.itemId);
    const option = line.configId === undefined ? undefined : item?.configItems.find((candidate) => candidate.configId === line.configId);
    const optionOffered = line.configId === undefined || (option !== undefined && option.available !== false);
    if (item === undefined || !item.available || !optionOffered) {
      removedItems.push(lineTitle(line));
      continue;
    }
    const itemCostPence = poundsToPence(item.itemCost) + poundsToPence(option?.extraCost ?? 0);
    if (itemCostPence === poundsToPence(line.itemCost)) {
      kept.push(line);
      continue;
    }
    repricedItems.push(priceChangeNote(line, poundsToPence(line.itemCost), itemCostPence));
    kept.push(withLineCost({ ...line, itemCost: penceToPounds(itemCostPence) }));
  }
  return { lines: kept, removedItems, repricedItems };
}

/** The server's priced lines in the basket's shape (the server's figures are the truth, DESIGN.md). */
export function linesFromServer(orderItems: readonly ServerOrderItem[]): BasketLine[] {
  return orderItems.map((item) => ({
    categoryId: item.categoryId,
    itemId: item.itemId,
    ...(item.configId === undefined ? {} : { configId: item.configId }),
    ...(item.configOption === undefined ? {} : { configOption: item.configOption }),
    title: item.title,
    quantity: item.quantity,
    ...(item.specialRequest === undefined ? {} : { specialRequest: item.specialRequest }),
    itemCost: item.itemCost,
    lineCost: item.lineCost,
  }));
}

export function linesToServer(lines: readonly BasketLine[]): ServerOrderItem[] {
  return lines.map((line) => ({
    categoryId: line.categoryId,
    itemId: line.itemId,
    ...(line.configId === undefined ? {} : { configId: line.configId }),
    ...(line.configOption === undefined ? {} : { configOption: line.configOption }),
    title: line.title,
    quantity: line.quantity,
    ...(line.specialRequest === undefined ? {} : { specialRequest: line.specialRequest }),
    itemCost: line.itemCost,
    lineCost: line.lineCost,
  }));
}

/** The lines' total in pounds, added up in pence (a basket's lines, or a placed order's items). */
export function itemTotal(lines: readonly Pick<BasketLine, 'lineCost'>[]): number {
  return penceToPounds(lines.reduce((total, line) => total + poundsToPence(line.lineCost), 0));
}
