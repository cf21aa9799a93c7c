import type { components } from '../api/schema.gen';
import { formatGbp, poundsToPence } from './money';

// The rules of the owner's menu editor (docs/back-office.md, "Menu"): the form shows them beside each field and the
// server refuses a draft that breaks one, with the same message, naming the field as the body does
// (`categories[2].items[0].price`). openapi.yaml's limits are the same numbers.

export type EditableMenuCategory = components['schemas']['EditableMenuCategory'];
export type EditableMenuItem = components['schemas']['EditableMenuItem'];
export type EditableMenuOption = components['schemas']['EditableMenuOption'];

export const MENU_LIMITS = {
  categories: 100,
  itemsPerCategory: 200,
  optionsPerItem: 30,
  categoryName: 60,
  categoryDescription: 300,
  itemTitle: 80,
  itemDescription: 300,
  itemExtendedDescription: 1000,
  optionLabel: 60,
  menuNumber: 6,
  chineseName: 40,
  /** £500 */
  pricePence: 50_000,
  /** £100 */
  extraCostPence: 10_000,
} as const;

export interface MenuFieldFailure {
  field: string;
  message: string;
}

/** The ids the published menu holds: a draft may keep them (and only where they belong), and leaves out none it invents. */
export interface PublishedMenuIds {
  categoryIds: ReadonlySet<number>;
  itemIds: ReadonlySet<number>;
  /** Each published option's dish: an option keeps its id only on its own dish. */
  itemOfConfig: ReadonlyMap<number, number>;
}

const tooLong = (limit: number) => `must be at most ${limit} characters`;

/** Whether an amount of pounds is whole pence (8.5 and 8.59, not 8.599). */
function isWholePence(pounds: number): boolean {
  return Math.abs(pounds * 100 - poundsToPence(pounds)) < 1e-6;
}

/** `free`: whether £0.00 is an amount the owner can mean (an option at no extra cost), not a dish given away by mistake. */
function moneyFailure(pounds: number, maximumPence: number, { free }: { free: boolean }): string | undefined {
  if (!Number.isFinite(pounds)) return 'Enter an amount in pounds, for example 7.80';
  if (pounds < 0) return 'must be £0.00 or more';
  if (!free && pounds === 0) return 'must be more than £0.00';
  if (!isWholePence(pounds)) return 'must be in pounds and pence (two decimals at most)';
  if (poundsToPence(pounds) > maximumPence) return `must be at most ${formatGbp(maximumPence)}`;
  return undefined;
}

function textFailure(text: string, limit: number, emptyMessage?: string): string | undefined {
  if (emptyMessage !== undefined && text.trim() === '') return emptyMessage;
  if (text.length > limit) return tooLong(limit);
  return undefined;
}

/** Every rule one option breaks, by field. */
export function optionFailures(option: EditableMenuOption, at: string): MenuFieldFailure[] {
  const failures: MenuFieldFailure[] = [];
  const label = textFailure(option.label, MENU_LIMITS.optionLabel, "Give the option a name, for example 'Chicken'");
  if (label) failures.push({ field: `${at}.label`, message: label });
  const extraCost = moneyFailure(option.extraCost, MENU_LIMITS.extraCostPence, { free: true });
  if (extraCost) failures.push({ field: `${at}.extraCost`, message: extraCost });
  return failures;
}

/** A dish's menu number: digits with an optional letter ("54", "54a"); openapi.yaml's MenuNumber has the same pattern. */
export const MENU_NUMBER = /^[0-9]{1,5}[A-Za-z]?$/;
export const MENU_NUMBER_MESSAGE = "must be digits with an optional letter, for example '54' or '54a'";

function menuNumberFailure(menuNumber: string | undefined): string | undefined {
  if (menuNumber === undefined) return undefined;
  if (menuNumber.length > MENU_LIMITS.menuNumber) return tooLong(MENU_LIMITS.menuNumber);
  if (!MENU_NUMBER.test(menuNumber)) return MENU_NUMBER_MESSAGE;
  return undefined;
}


/** The dish's number and Chinese name as saved: absent when blank, and a Chinese name always with its script. */
export function dishNames(item: Pick<EditableMenuItem, 'menuNumber' | 'chineseName' | 'chineseScript'>): Pick<EditableMenuItem, 'menuNumber' | 'chineseName' | 'chineseScript'> {
  const menuNumber = item.menuNumber?.trim();
  const chineseName = item.chineseName?.trim();
  return {
    ...(menuNumber ? { menuNumber } : {}),
    ...(chineseName ? { chineseName, chineseScript: item.chineseScript ?? 'zh-Hans' } : {}),
  };
}

/** Every rule one dish breaks, by field (its options included). */
export function itemFailures(item: EditableMenuItem, at: string): MenuFieldFailure[] {
  const failures: MenuFieldFailure[] = [];
  const checks: [string, string | undefined][] = [
    ['title', textFailure(item.title, MENU_LIMITS.itemTitle, 'Give the dish a title')],
    ['description', textFailure(item.description, MENU_LIMITS.itemDescription)],
    ['extendedDescription', textFailure(item.extendedDescription, MENU_LIMITS.itemExtendedDescription)],
    ['price', moneyFailure(item.price, MENU_LIMITS.pricePence, { free: false })],
    ['allergens', new Set(item.allergens).size === item.allergens.length ? undefined : 'names an allergen twice'],
    ['dietary', new Set(item.dietary).size === item.dietary.length ? undefined : 'names a label twice'],
    ['menuNumber', menuNumberFailure(item.menuNumber)],
    ['chineseName', textFailure(item.chineseName ?? '', MENU_LIMITS.chineseName)],
    ['options', item.options.length > MENU_LIMITS.optionsPerItem ? `must be at most ${MENU_LIMITS.optionsPerItem}` : undefined],
  ];
  for (const [field, message] of checks) if (message) failures.push({ field: `${at}.${field}`, message });
  const labels = new Set<string>();
  item.options.forEach((option, index) => {
    const optionAt = `${at}.options[${index}]`;
    failures.push(...optionFailures(option, optionAt));
    const label = option.label.trim().toLowerCase();
    if (label !== '' && labels.has(label)) failures.push({ field: `${optionAt}.label`, message: 'is the name of another option of this dish' });
    labels.add(label);
  });
  return failures;
}

/** Every rule one category breaks, by field (not its dishes). */
export function categoryFailures(category: EditableMenuCategory, at: string): MenuFieldFailure[] {
  const failures: MenuFieldFailure[] = [];
  const name = textFailure(category.name, MENU_LIMITS.categoryName, 'Give the category a name');
  if (name) failures.push({ field: `${at}.name`, message: name });
  const description = textFailure(category.description, MENU_LIMITS.categoryDescription);
  if (description) failures.push({ field: `${at}.description`, message: description });
  if (category.items.length > MENU_LIMITS.itemsPerCategory) {
    failures.push({ field: `${at}.items`, message: `must be at most ${MENU_LIMITS.itemsPerCategory} dishes` });
  }
  return failures;
}

/**
 * Every rule a whole draft breaks. With `published`, the ids it keeps are checked too: each must be the published
 * menu's, at most once, and an option's only on its own dish (baskets and orders name them).
 */
export function menuDraftFailures(categories: readonly EditableMenuCategory[], published?: PublishedMenuIds): MenuFieldFailure[] {
  const failures: MenuFieldFailure[] = [];
  if (categories.length === 0) failures.push({ field: 'categories', message: 'The menu needs at least one category' });
  if (categories.length > MENU_LIMITS.categories) failures.push({ field: 'categories', message: `must be at most ${MENU_LIMITS.categories}` });
  const seen = { categories: new Set<number>(), items: new Set<number>(), options: new Set<number>() };
  const names = new Set<string>();
  const menuNumbers = new Map<string, string>();
  categories.forEach((category, categoryIndex) => {
    const categoryAt = `categories[${categoryIndex}]`;
    failures.push(...categoryFailures(category, categoryAt));
    const name = category.name.trim().toLowerCase();
    if (name !== '' && names.has(name)) failures.push({ field: `${categoryAt}.name`, message: 'is the name of another category' });
    names.add(name);
    if (published && category.categoryId !== undefined) {
      const message = idFailure(category.categoryId, published.categoryIds.has(category.categoryId), seen.categories, 'category');
      if (message) failures.push({ field: `${categoryAt}.categoryId`, message });
    }
    category.items.forEach((item, itemIndex) => {
      const itemAt = `${categoryAt}.items[${itemIndex}]`;
      failures.push(...itemFailures(item, itemAt));
      if (item.menuNumber !== undefined) {
        const number = item.menuNumber.toLowerCase();
        const other = menuNumbers.get(number);
        if (other !== undefined) failures.push({ field: `${itemAt}.menuNumber`, message: `is the number of ${other}` });
        else menuNumbers.set(number, item.title.trim());
      }
      if (!published) return;
      if (item.itemId !== undefined) {
        const message = idFailure(item.itemId, published.itemIds.has(item.itemId), seen.items, 'dish');
        if (message) failures.push({ field: `${itemAt}.itemId`, message });
      }
      item.options.forEach((option, optionIndex) => {
        if (option.configId === undefined) return;
        const belongs = item.itemId !== undefined && published.itemOfConfig.get(option.configId) === item.itemId;
        const message = idFailure(option.configId, belongs, seen.options, 'option of this dish');
        if (message) failures.push({ field: `${itemAt}.options[${optionIndex}].configId`, message });
      });
    });
  });
  return failures;
}

function idFailure(id: number, known: boolean, seen: Set<number>, what: string): string | undefined {
  if (!known) return `is not a published ${what}`;
  if (seen.has(id)) return 'appears twice in the menu';
  seen.add(id);
  return undefined;
}
