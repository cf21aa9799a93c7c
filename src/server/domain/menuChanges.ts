import { formatGbp, poundsToPence } from '../../domain/money';
import { dishNames, type EditableMenuCategory, type EditableMenuItem, type EditableMenuOption } from '../../domain/menuRules';
import type { AuditRecord } from '../db/editRepository';

// What publishing a menu draft changes, one audit line per change a person would name ("Price of Crispy Chilli Beef
// £8.50 → £8.90"), with the category, dish or option before and after (docs/back-office.md, "Menu").

const AREA = 'menu';
const price = (pounds: number) => formatGbp(poundsToPence(pounds));

/** The draft as it is stored and compared: trimmed text, and the same keys in the same order whoever sent it. */
export function canonicalMenu(categories: readonly EditableMenuCategory[]): EditableMenuCategory[] {
  return categories.map((category) => ({
    ...(category.categoryId === undefined ? {} : { categoryId: category.categoryId }),
    name: category.name.trim(),
    description: category.description.trim(),
    hidden: category.hidden,
    items: category.items.map((item) => ({
      ...(item.itemId === undefined ? {} : { itemId: item.itemId }),
      title: item.title.trim(),
      description: item.description.trim(),
      extendedDescription: item.extendedDescription.trim(),
      price: item.price,
      allergens: [...item.allergens],
      dietary: [...item.dietary],
      highlighted: item.highlighted,
      available: item.available,
      ...dishNames(item),
      ...(item.photo === undefined ? {} : { photo: { ...item.photo, alt: item.photo.alt.trim() } }),
      options: item.options.map((option) => ({
        ...(option.configId === undefined ? {} : { configId: option.configId }),
        label: option.label.trim(),
        extraCost: option.extraCost,
      })),
    })),
  }));
}

function listChange(what: string, before: readonly string[], after: readonly string[]): string | undefined {
  const added = after.filter((value) => !before.includes(value));
  const removed = before.filter((value) => !after.includes(value));
  if (added.length === 0 && removed.length === 0) return undefined;
  const parts = [added.length > 0 ? `added ${added.join(', ')}` : '', removed.length > 0 ? `removed ${removed.join(', ')}` : ''];
  return `${what}: ${parts.filter((part) => part !== '').join('; ')}`;
}

/** Whether the ids both lists keep come in another order. */
function reordered(before: readonly (number | undefined)[], after: readonly (number | undefined)[]): boolean {
  const kept = after.filter((id): id is number => id !== undefined && before.includes(id));
  const keptBefore = before.filter((id): id is number => id !== undefined && kept.includes(id));
  return kept.some((id, index) => keptBefore[index] !== id);
}

function optionChanges(dish: string, before: EditableMenuItem, after: EditableMenuItem): AuditRecord[] {
  const changes: AuditRecord[] = [];
  const record = (summary: string, was: EditableMenuOption | null, is: EditableMenuOption | null) =>
    changes.push({ area: AREA, summary, before: was, after: is });
  for (const option of after.options) {
    const was = before.options.find((candidate) => candidate.configId !== undefined && candidate.configId === option.configId);
    if (was === undefined) {
      record(`Added option ${option.label} (+${price(option.extraCost)}) to ${dish}`, null, option);
      continue;
    }
    if (was.label !== option.label) record(`Renamed option ${was.label} → ${option.label} of ${dish}`, was, option);
    if (poundsToPence(was.extraCost) !== poundsToPence(option.extraCost)) {
      record(`Extra cost of ${dish} (${option.label}) ${price(was.extraCost)} → ${price(option.extraCost)}`, was, option);
    }
  }
  for (const was of before.options) {
    if (!after.options.some((option) => option.configId === was.configId)) record(`Removed option ${was.label} from ${dish}`, was, null);
  }
  if (reordered(before.options.map((option) => option.configId), after.options.map((option) => option.configId))) {
    record(`Reordered the options of ${dish}`, null, null);
  }
  return changes;
}

function itemChanges(before: EditableMenuItem, after: EditableMenuItem, from: string, to: string): AuditRecord[] {
  const dish = after.title;
  const summaries: string[] = [];
  if (before.title !== after.title) summaries.push(`Renamed ${before.title} → ${after.title}`);
  if (from !== to) summaries.push(`Moved ${dish} from ${from} to ${to}`);
  if (poundsToPence(before.price) !== poundsToPence(after.price)) summaries.push(`Price of ${dish} ${price(before.price)} → ${price(after.price)}`);
  if (before.description !== after.description) summaries.push(`Changed the description of ${dish}`);
  if (before.extendedDescription !== after.extendedDescription) summaries.push(`Changed the longer description of ${dish}`);
  const allergens = listChange(`Allergens of ${dish}`, before.allergens, after.allergens);
  if (allergens) summaries.push(allergens);
  const dietary = listChange(`Dietary labels of ${dish}`, before.dietary, after.dietary);
  if (dietary) summaries.push(dietary);
  if (before.highlighted !== after.highlighted) summaries.push(after.highlighted ? `Highlighted ${dish} on the home page` : `${dish} no longer highlighted on the home page`);
  if (before.menuNumber !== after.menuNumber) summaries.push(`Number of ${dish} ${before.menuNumber ?? 'none'} → ${after.menuNumber ?? 'none'}`);
  if (before.chineseName !== after.chineseName || before.chineseScript !== after.chineseScript) {
    summaries.push(`Chinese name of ${dish} ${before.chineseName ?? 'none'} → ${after.chineseName ?? 'none'}`);
  }
  if (before.available !== after.available) summaries.push(after.available ? `${dish} made available` : `${dish} made unavailable`);
  const photoChange = photoChangeOf(dish, before.photo, after.photo);
  if (photoChange) summaries.push(photoChange);
  const { options: _beforeOptions, ...dishBefore } = before;
  const { options: _afterOptions, ...dishAfter } = after;
  return [
    ...summaries.map((summary) => ({ area: AREA, summary, before: dishBefore, after: dishAfter })),
    ...optionChanges(dish, before, after),
  ];
}

function photoChangeOf(dish: string, before: EditableMenuItem['photo'], after: EditableMenuItem['photo']): string | undefined {
  if (before?.mediaId === after?.mediaId) return before !== undefined && before.alt !== after!.alt ? `Changed the photo's alt text of ${dish}` : undefined;
  if (before === undefined) return `Added a photo of ${dish}`;
  return after === undefined ? `Removed the photo of ${dish}` : `Replaced the photo of ${dish}`;
}

/** One audit line per change from the published menu `before` to the draft `after` (both canonical); none when they are the same. */
export function menuChanges(before: readonly EditableMenuCategory[], after: readonly EditableMenuCategory[]): AuditRecord[] {
  const changes: AuditRecord[] = [];
  const categorySummary = ({ items: _items, ...category }: EditableMenuCategory) => category;

  for (const category of after) {
    const was = before.find((candidate) => candidate.categoryId !== undefined && candidate.categoryId === category.categoryId);
    if (was === undefined) {
      changes.push({ area: AREA, summary: `Added category ${category.name}`, before: null, after: categorySummary(category) });
      continue;
    }
    const summaries: string[] = [];
    if (was.name !== category.name) summaries.push(`Renamed category ${was.name} → ${category.name}`);
    if (was.description !== category.description) summaries.push(`Changed the description of ${category.name}`);
    if (was.hidden !== category.hidden) summaries.push(category.hidden ? `Hid ${category.name} from customers` : `Showed ${category.name} to customers`);
    for (const summary of summaries) changes.push({ area: AREA, summary, before: categorySummary(was), after: categorySummary(category) });
  }
  for (const was of before) {
    if (!after.some((category) => category.categoryId === was.categoryId)) {
      changes.push({ area: AREA, summary: `Removed category ${was.name}`, before: categorySummary(was), after: null });
    }
  }
  if (reordered(before.map((category) => category.categoryId), after.map((category) => category.categoryId))) {
    changes.push({ area: AREA, summary: 'Reordered the categories', before: before.map((category) => category.name), after: after.map((category) => category.name) });
  }

  const placed = (categories: readonly EditableMenuCategory[]) =>
    categories.flatMap((category) => category.items.map((item) => ({ item, category: category.name })));
  const dishesBefore = placed(before);
  const dishesAfter = placed(after);
  for (const { item, category } of dishesAfter) {
    const was = dishesBefore.find((candidate) => candidate.item.itemId !== undefined && candidate.item.itemId === item.itemId);
    if (was === undefined) changes.push({ area: AREA, summary: `Added ${item.title} (${price(item.price)}) to ${category}`, before: null, after: item });
    else changes.push(...itemChanges(was.item, item, was.category, category));
  }
  for (const { item } of dishesBefore) {
    if (!dishesAfter.some((candidate) => candidate.item.itemId === item.itemId)) changes.push({ area: AREA, summary: `Removed ${item.title}`, before: item, after: null });
  }
  for (const category of after) {
    const was = before.find((candidate) => candidate.categoryId !== undefined && candidate.categoryId === category.categoryId);
    if (was && reordered(was.items.map((item) => item.itemId), category.items.map((item) => item.itemId))) {
      changes.push({ area: AREA, summary: `Reordered the dishes of ${category.name}`, before: was.items.map((item) => item.title), after: category.items.map((item) => item.title) });
    }
  }
  return changes;
}
