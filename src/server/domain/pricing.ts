import type { components } from '../../api/schema.gen';
import { poundsToPence } from '../../domain/money';
import type { PricedLine } from './basket';
import type { ValidationFailure } from './validationFailure';

type Menu = components['schemas']['Menu'];
type MenuItem = components['schemas']['MenuItem'];

/** A line as a client asks for it; any cost it carries is ignored. */
export interface RequestedLine {
  categoryId: number;
  itemId: number;
  configId?: number;
  quantity: number;
  specialRequest?: string;
}

const MAXIMUM_LINE_QUANTITY = 99;
const SPECIAL_REQUEST_MAX_LENGTH = 200;

export type LinePricing = { ok: true; lines: PricedLine[] } | { ok: false; failures: ValidationFailure[] };

/**
 * Prices the lines from the restaurant's own menu: the item's cost plus the chosen option's extra
 * cost, times the quantity. Lines with the same category, item and option are merged (SPEC §5), in
 * the order they first appear. Every line that names something the menu does not offer is reported,
 * by its position in the request.
 */
export function priceLines(requested: readonly RequestedLine[], menu: Menu): LinePricing {
  const items = new Map<number, MenuItem>();
  for (const category of menu.categories) for (const item of category.items) items.set(item.itemId, item);

  const failures: ValidationFailure[] = [];
  const merged = new Map<string, { line: PricedLine; firstIndex: number }>();
  requested.forEach((line, index) => {
    const field = (name: string) => `orderItems[${index}].${name}`;
    const item = items.get(line.itemId);
    if (item === undefined) {
      failures.push({ field: field('itemId'), message: 'is not on the menu' });
      return;
    }
    if (!item.available) {
      failures.push({ field: field('itemId'), message: `${item.title} is not available at the moment` });
      return;
    }
    if (item.categoryId !== line.categoryId) {
      failures.push({ field: field('categoryId'), message: 'is not the category of this item' });
      return;
    }
    const config = line.configId === undefined ? undefined : item.configItems.find((option) => option.configId === line.configId);
    if (line.configId !== undefined && config === undefined) {
      failures.push({ field: field('configId'), message: 'is not an option of this item' });
      return;
    }
    if (config?.available === false) {
      failures.push({ field: field('configId'), message: `${item.title} (${config.configItem}) is not available at the moment` });
      return;
    }
    if (line.configId === undefined && item.configItems.length > 0) {
      failures.push({ field: field('configId'), message: `is required: choose an option for ${item.title}` });
      return;
    }

    const specialRequest = line.specialRequest?.trim() ?? '';
    const key = `${line.categoryId}/${line.itemId}/${line.configId ?? ''}`;
    const existing = merged.get(key);
    if (existing !== undefined) {
      existing.line.quantity += line.quantity;
      if (specialRequest !== '' && !existing.line.specialRequest.split('; ').includes(specialRequest)) {
        existing.line.specialRequest = [existing.line.specialRequest, specialRequest]
          .filter((text) => text !== '')
          .join('; ')
          .slice(0, SPECIAL_REQUEST_MAX_LENGTH);
      }
      return;
    }
    const itemCostPence = poundsToPence(item.itemCost) + (config ? poundsToPence(config.extraCost) : 0);
    merged.set(key, {
      firstIndex: index,
      line: {
        categoryId: item.categoryId,
        itemId: item.itemId,
        configId: config?.configId ?? null,
        configOption: config?.configItem ?? null,
        quantity: line.quantity,
        title: item.title,
        description: item.description,
        extendedDescription: item.extendedDescription,
        itemOrder: item.itemOrder,
        itemCostPence,
        lineCostPence: 0,
        specialRequest,
      },
    });
  });

  for (const { line, firstIndex } of merged.values()) {
    if (line.quantity > MAXIMUM_LINE_QUANTITY) {
      failures.push({ field: `orderItems[${firstIndex}].quantity`, message: `must be at most ${MAXIMUM_LINE_QUANTITY} in total` });
    }
    line.lineCostPence = line.itemCostPence * line.quantity;
  }
  if (failures.length > 0) return { ok: false, failures };
  return { ok: true, lines: [...merged.values()].map(({ line }) => line) };
}
