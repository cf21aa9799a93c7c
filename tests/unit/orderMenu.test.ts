import { describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { allergenName, dietaryName } from '../../src/domain/menuLabels';
import { formatPounds } from '../../src/domain/money';
import { orderedCategories } from '../../src/screens/order/MenuCategories';

type MenuItem = components['schemas']['MenuItem'];

function item(itemId: number, itemOrder: number): MenuItem {
  return {
    itemId,
    categoryId: 1,
    title: `Dish ${itemId}`,
    description: '',
    extendedDescription: '',
    itemOrder,
    itemCost: 5,
    allergens: [],
    dietary: [],
    available: true,
    configItems: [],
  };
}

describe('the menu as the screen shows it', () => {
  it('puts categories in categoryOrder and items in itemOrder, whatever order the server sent', () => {
    const categories = orderedCategories({
      menuId: 1,
      menuVersion: 1,
      menuType: 2,
      categories: [
        { restaurantId: 1, categoryId: 2, category: 'Soups', description: '', categoryOrder: 2, items: [item(22, 2), item(21, 1)] },
        { restaurantId: 1, categoryId: 1, category: 'Starters', description: '', categoryOrder: 1, items: [item(13, 3), item(11, 1), item(12, 2)] },
      ],
    });
    expect(categories.map((category) => category.category)).toEqual(['Starters', 'Soups']);
    expect(categories[0]?.items.map((dish) => dish.itemId)).toEqual([11, 12, 13]);
    expect(categories[1]?.items.map((dish) => dish.itemId)).toEqual([21, 22]);
  });

  it('shows pounds from the API in GBP, en-GB, with two decimals', () => {
    expect(formatPounds(8.5)).toBe('£8.50');
    expect(formatPounds(24.5)).toBe('£24.50');
    expect(formatPounds(0.1)).toBe('£0.10');
    expect(formatPounds(1234)).toBe('£1,234.00');
  });

  it('names the allergens as UK food law does and the dietary labels plainly', () => {
    expect(allergenName('cereals-containing-gluten')).toBe('Cereals containing gluten');
    expect(allergenName('sulphites')).toBe('Sulphur dioxide and sulphites');
    expect(allergenName('tree-nuts')).toBe('Tree nuts');
    expect(dietaryName('vegan')).toBe('Vegan');
  });
});
