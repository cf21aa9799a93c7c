import type { components } from '../../api/schema.gen';

type MenuCategory = components['schemas']['MenuCategory'];

/** The `?dish=…` of `/order`: the item id of a dish to show, as the home page's highlighted dishes link to it. */
export type DishSearch = { dish?: number };

export function validateDishSearch(search: Record<string, unknown>): DishSearch {
  const { dish } = search;
  return typeof dish === 'number' && Number.isSafeInteger(dish) && dish > 0 ? { dish } : {};
}

/**
 * Where on the menu a linked dish is: the index of its category, or undefined for a dish that is no longer on the
 * menu or cannot be ordered at the moment, for which the link just opens the menu.
 */
export function linkedDishCategoryIndex(categories: readonly MenuCategory[], dishId: number | undefined): number | undefined {
  if (dishId === undefined) return undefined;
  const index = categories.findIndex((category) => category.items.some((item) => item.itemId === dishId && item.available));
  return index >= 0 ? index : undefined;
}
