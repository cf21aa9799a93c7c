import { dishNames, type EditableMenuCategory, type EditableMenuItem, type EditableMenuOption } from '../../../domain/menuRules';

// The menu editor's working copy (docs/back-office.md, "Menu"): the draft as the contract has it, with a key on each
// category, dish and option so that React keeps each row's inputs while rows move, and new ones (without an id) too.

export type EditorOption = EditableMenuOption & { key: string };
export type EditorItem = Omit<EditableMenuItem, 'options'> & { key: string; options: EditorOption[] };
export type EditorCategory = Omit<EditableMenuCategory, 'items'> & { key: string; items: EditorItem[] };

/**
 * An amount as the owner typed it. A cleared field is no amount (NaN, which the menu's rules refuse at the field), never
 * £0.00: a dish must not be published free because its price was deleted.
 */
export function poundsTyped(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

let lastKey = 0;
export const newKey = () => `row-${(lastKey += 1)}`;

export function toEditor(categories: readonly EditableMenuCategory[]): EditorCategory[] {
  return categories.map((category) => ({
    ...category,
    key: newKey(),
    items: category.items.map((item) => ({ ...item, key: newKey(), options: item.options.map((option) => ({ ...option, key: newKey() })) })),
  }));
}

/** The working copy as the server takes it: the keys are the screen's alone. */
export function fromEditor(categories: readonly EditorCategory[]): EditableMenuCategory[] {
  return categories.map(({ key: _category, items, ...category }) => ({
    ...category,
    items: items.map(({ key: _item, options, menuNumber: _number, chineseName: _name, chineseScript: _script, ...item }) => ({
      ...item,
      // A number or Chinese name left blank is none.
      ...dishNames({ menuNumber: _number, chineseName: _name, chineseScript: _script }),
      options: options.map(({ key: _option, ...option }) => option),
    })),
  }));
}

export function newDish(): EditorItem {
  return {
    key: newKey(),
    title: '',
    description: '',
    extendedDescription: '',
    // No price until one is typed: a dish left at £0.00 would be given away.
    price: Number.NaN,
    allergens: [],
    dietary: [],
    highlighted: false,
    available: true,
    options: [],
  };
}

export function newCategory(): EditorCategory {
  return { key: newKey(), name: '', description: '', hidden: false, items: [] };
}

/** `list` with the entry at `index` moved by `step` places (a move past either end changes nothing). */
export function moved<Entry>(list: readonly Entry[], index: number, step: -1 | 1): Entry[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

/** Where a dish is in the working copy, by its key. */
export function placeOf(categories: readonly EditorCategory[], itemKey: string): { categoryIndex: number; itemIndex: number } | undefined {
  for (const [categoryIndex, category] of categories.entries()) {
    const itemIndex = category.items.findIndex((item) => item.key === itemKey);
    if (itemIndex !== -1) return { categoryIndex, itemIndex };
  }
  return undefined;
}
