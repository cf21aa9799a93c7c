import type { components } from '../../src/api/schema.gen';

// The menu's search by a dish's number, English name or Chinese name: the customer's menu and the phone order staff
// take (docs/phone-orders.md) find dishes alike.

type MenuCategory = components['schemas']['MenuCategory'];
type MenuItem = components['schemas']['MenuItem'];

/** What a search compares: lower case, and a number typed as the menu shows it ("54.") is the number. */
const searchable = (text: string) => text.trim().toLocaleLowerCase('en-GB').replace(/\.$/, '');

/**
 * The dishes a customer's search of the menu finds, in the order to show them: the dish whose menu number it is
 * first ("54" finds dish 54, not 154), then dishes whose English or Chinese name starts with it, then those that hold
 * it anywhere in either name, each group in menu order. Nothing for an empty search.
 */
export function searchDishes(categories: readonly MenuCategory[], query: string): MenuItem[] {
  const wanted = searchable(query);
  if (wanted === '') return [];
  const rank = (item: MenuItem): number | undefined => {
    if (item.menuNumber !== undefined && item.menuNumber.toLocaleLowerCase('en-GB') === wanted) return 0;
    const names = [item.title, item.chineseName ?? ''].map(searchable);
    if (names.some((name) => name.startsWith(wanted))) return 1;
    if (names.some((name) => name.includes(wanted))) return 2;
    return undefined;
  };
  return categories
    .flatMap((category) => category.items)
    .map((item) => ({ item, rank: rank(item) }))
    .filter((found): found is { item: MenuItem; rank: number } => found.rank !== undefined)
    .sort((first, second) => first.rank - second.rank)
    .map((found) => found.item);
}
