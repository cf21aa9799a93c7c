import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { linkedDishCategoryIndex, validateDishSearch } from '../../src/screens/order/dishSearch';

type MenuCategory = components['schemas']['MenuCategory'];
type MenuItem = components['schemas']['MenuItem'];

const dish = (itemId: number, available = true): MenuItem => ({
  itemId,
  categoryId: Math.floor(itemId / 100),
  title: `Dish ${itemId}`,
  description: '',
  extendedDescription: '',
  itemOrder: itemId % 100,
  itemCost: 9.5,
  allergens: [],
  dietary: [],
  available,
  configItems: [],
});

const category = (categoryId: number, items: MenuItem[]): MenuCategory => ({
  restaurantId: 1,
  categoryId,
  category: `Category ${categoryId}`,
  description: '',
  categoryOrder: categoryId,
  items,
});

const menu = [category(1, [dish(101), dish(102)]), category(2, [dish(201), dish(202, false)]), category(3, [dish(301)])];

/** The search `/order` reads from the URL a link to a dish builds, as the router writes and parses it. */
const searchOfLink = (search: Record<string, unknown>) => validateDishSearch(defaultParseSearch(defaultStringifySearch(search)));

describe("a link to a dish on /order (the home page's highlighted dishes)", () => {
  it('names the dish by its item id in the URL, and /order reads it back', () => {
    expect(defaultStringifySearch({ dish: 301 })).toBe('?dish=301');
    expect(searchOfLink({ dish: 301 })).toEqual({ dish: 301 });
  });

  it('ignores a dish that is not an item id, as a URL typed or mangled by hand may have', () => {
    for (const dishParam of ['duck', '', 0, -4, 1.5, true, null]) expect(searchOfLink({ dish: dishParam }), String(dishParam)).toEqual({});
    expect(searchOfLink({})).toEqual({});
  });

  it('finds the category the dish is in, however far down the menu', () => {
    expect(linkedDishCategoryIndex(menu, 101)).toBe(0);
    expect(linkedDishCategoryIndex(menu, 201)).toBe(1);
    expect(linkedDishCategoryIndex(menu, 301)).toBe(2);
  });

  it('just opens the menu for a dish no longer on it, or one that cannot be ordered at the moment', () => {
    expect(linkedDishCategoryIndex(menu, 999)).toBeUndefined();
    expect(linkedDishCategoryIndex(menu, 202)).toBeUndefined();
    expect(linkedDishCategoryIndex(menu, undefined)).toBeUndefined();
  });
});
