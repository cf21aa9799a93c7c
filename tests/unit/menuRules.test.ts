import { describe, expect, it } from 'vitest';
import { menuDraftFailures, type EditableMenuCategory } from '../../src/domain/menuRules';
import { canonicalMenu, menuChanges } from '../../src/server/domain/menuChanges';
import { newDish, poundsTyped } from '../../src/screens/manage/menu/menuEditorModel';

// The menu editor's rules and the audit lines of a publish (docs/back-office.md, "Menu").

const dish = (itemId: number | undefined, title: string, price: number, options: { configId?: number; label: string; extraCost: number }[] = []) => ({
  ...(itemId === undefined ? {} : { itemId }),
  title,
  description: '',
  extendedDescription: '',
  price,
  allergens: [] as EditableMenuCategory['items'][number]['allergens'],
  dietary: [] as EditableMenuCategory['items'][number]['dietary'],
  highlighted: false,
  available: true,
  options,
});
const published: EditableMenuCategory[] = [
  { categoryId: 1, name: 'Starters', description: '', hidden: false, items: [dish(11, 'Spring Rolls', 3.5), dish(12, 'Duck', 9.8, [{ configId: 121, label: 'Quarter', extraCost: 0 }])] },
  { categoryId: 2, name: 'Mains', description: '', hidden: false, items: [dish(21, 'Beef', 7.8)] },
];
const ids = { categoryIds: new Set([1, 2]), itemIds: new Set([11, 12, 21]), itemOfConfig: new Map([[121, 12]]) };

describe('menuDraftFailures', () => {
  it('accepts the published menu, and a new dish without an id', () => {
    expect(menuDraftFailures(published, ids)).toEqual([]);
    expect(menuDraftFailures([{ ...published[0]!, items: [...published[0]!.items, dish(undefined, 'Tofu', 5)] }, published[1]!], ids)).toEqual([]);
  });

  it('names every id that is not the published menu’s, used twice, or an option moved to another dish', () => {
    const draft: EditableMenuCategory[] = [
      { ...published[0]!, categoryId: 9, items: [dish(11, 'Spring Rolls', 3.5), dish(11, 'Spring Rolls again', 3.5), dish(21, 'Beef', 7.8, [{ configId: 121, label: 'Quarter', extraCost: 0 }])] },
      { ...published[1]!, name: 'starters', items: [dish(99, 'Ghost', 1)] },
    ];
    expect(menuDraftFailures(draft, ids)).toEqual([
      { field: 'categories[0].categoryId', message: 'is not a published category' },
      { field: 'categories[0].items[1].itemId', message: 'appears twice in the menu' },
      { field: 'categories[0].items[2].options[0].configId', message: 'is not a published option of this dish' },
      { field: 'categories[1].name', message: 'is the name of another category' },
      { field: 'categories[1].items[0].itemId', message: 'is not a published dish' },
    ]);
  });

  it('checks the fields of each dish and option, and that the menu has a category', () => {
    const draft: EditableMenuCategory[] = [
      { categoryId: 1, name: 'Starters', description: '', hidden: false, items: [dish(undefined, 'Soup', 500.01, [{ label: 'Large', extraCost: 1 }, { label: ' large ', extraCost: 0.555 }])] },
    ];
    expect(menuDraftFailures(draft)).toEqual([
      { field: 'categories[0].items[0].price', message: 'must be at most £500.00' },
      { field: 'categories[0].items[0].options[1].extraCost', message: 'must be in pounds and pence (two decimals at most)' },
      { field: 'categories[0].items[0].options[1].label', message: 'is the name of another option of this dish' },
    ]);
    expect(menuDraftFailures([])).toEqual([{ field: 'categories', message: 'The menu needs at least one category' }]);
  });
});

describe('menuChanges', () => {
  it('writes one line a person would read per change, and none for the same menu', () => {
    expect(menuChanges(published, canonicalMenu(published))).toEqual([]);
    const draft: EditableMenuCategory[] = [
      { ...published[1]!, items: [dish(21, 'Beef', 7.8), dish(11, 'Spring Rolls', 3.9)] },
      { ...published[0]!, hidden: true, items: [dish(12, 'Duck', 9.8, [{ configId: 121, label: 'Quarter', extraCost: 0.5 }, { label: 'Half', extraCost: 8 }])] },
    ];
    expect(menuChanges(published, draft).map((change) => change.summary)).toEqual([
      'Hid Starters from customers',
      'Reordered the categories',
      'Moved Spring Rolls from Starters to Mains',
      'Price of Spring Rolls £3.50 → £3.90',
      'Extra cost of Duck (Quarter) £0.00 → £0.50',
      'Added option Half (+£8.00) to Duck',
    ]);
  });
});

describe('a dish at £0.00', () => {
  it('is refused at its price, while an option may cost nothing extra', () => {
    const free = [{ ...published[0]!, items: [dish(11, 'Spring Rolls', 0, [{ label: 'Large', extraCost: 0 }])] }];
    expect(menuDraftFailures(free)).toEqual([{ field: 'categories[0].items[0].price', message: 'must be more than £0.00' }]);
  });

  it('is not what a new dish starts at: it has no price until one is typed', () => {
    expect(newDish().price).toBeNaN();
  });
});

describe('an amount the owner cleared', () => {
  it('is no amount, refused at its field, never a dish published at £0.00', () => {
    expect(poundsTyped('')).toBeNaN();
    expect(poundsTyped('  ')).toBeNaN();
    expect(poundsTyped('7.80')).toBe(7.8);
    expect(poundsTyped(0)).toBe(0);
    const cleared = [{ ...published[0]!, items: [dish(11, 'Spring Rolls', poundsTyped(''), [{ label: 'Large', extraCost: poundsTyped('') }])] }];
    expect(menuDraftFailures(cleared)).toEqual([
      { field: 'categories[0].items[0].price', message: 'Enter an amount in pounds, for example 7.80' },
      { field: 'categories[0].items[0].options[0].extraCost', message: 'Enter an amount in pounds, for example 7.80' },
    ]);
  });
});
