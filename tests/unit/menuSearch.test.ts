import { describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { searchDishes } from '../../machines/basket/dishSearch';

type MenuItem = components['schemas']['MenuItem'];

const dish = (itemId: number, title: string, names: Pick<MenuItem, 'menuNumber' | 'chineseName'> = {}): MenuItem => ({
  itemId,
  categoryId: 1,
  title,
  description: '',
  extendedDescription: '',
  itemOrder: itemId,
  itemCost: 8.5,
  allergens: [],
  dietary: [],
  available: true,
  configItems: [],
  ...names,
});

const categories = [
  {
    restaurantId: 1,
    categoryId: 1,
    category: 'Mains',
    description: '',
    categoryOrder: 1,
    items: [
      dish(1, 'Chicken with 54 Spices', { menuNumber: '5' }),
      dish(2, 'Sweet & Sour Pork', { menuNumber: '154', chineseName: '咕噜肉' }),
      dish(3, 'Char Siu', { menuNumber: '54', chineseName: '叉烧' }),
      dish(4, 'Char Siu Curry', { menuNumber: '54a', chineseName: '咖喱叉烧' }),
      dish(5, 'Boiled Rice'),
    ],
  },
];
const found = (query: string) => searchDishes(categories, query).map((item) => item.itemId);

describe('searching the menu', () => {
  it('finds the dish whose number it is first, not the dishes whose number or name merely holds it', () => {
    expect(found('54')).toEqual([3, 1]);
    expect(found('54.')).toEqual([3, 1]);
    expect(found('54A')).toEqual([4]);
    expect(found(' 5 ')).toEqual([1]);
  });

  it('finds a dish by its English or Chinese name, names that start with the words first', () => {
    expect(found('叉烧')).toEqual([3, 4]);
    expect(found('咕噜')).toEqual([2]);
    expect(found('siu')).toEqual([3, 4]);
    expect(found('CURRY')).toEqual([4]);
    expect(found('rice')).toEqual([5]);
  });

  it('finds nothing for an empty search or one that matches nothing', () => {
    expect(found('  ')).toEqual([]);
    expect(found('lobster')).toEqual([]);
  });
});
