import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { publishMenu, readPublishedMenu } from '../../src/server/db/menuEditRepository';
import { createRepositories } from '../../src/server/db/repositories';
import type { EditableMenuCategory } from '../../src/domain/menuRules';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// Publishing the owner's menu draft (docs/back-office.md, "Menu") on each dialect: one transaction that keeps the ids
// of what stays (baskets and orders name them), never hands out an id used before, and raises the menu's version.

describe.each(databaseTargets)('publishing a menu on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
  });
  afterAll(() => database.dispose());

  const published = async () => (await readPublishedMenu(database.db, 1))!;
  const publish = (categories: EditableMenuCategory[]) => database.db.transaction().execute((transaction) => publishMenu(transaction, 1, categories));
  const itemIds = (categories: readonly EditableMenuCategory[]) => categories.flatMap((category) => category.items.map((item) => item.itemId!));
  const newDish = (title: string): EditableMenuCategory['items'][number] => ({
    title,
    description: '',
    extendedDescription: '',
    price: 4.2,
    allergens: ['soya'],
    dietary: [],
    highlighted: false,
    available: true,
    options: [{ label: 'Small', extraCost: 0 }],
  });

  it('keeps the ids of what stays, moves a dish, adds and removes, hides a category, and raises the version', async () => {
    const before = await published();
    const [first, second, ...rest] = before.categories;
    const moved = first!.items[0]!;
    const removed = first!.items.at(-1)!;
    const draft: EditableMenuCategory[] = [
      { ...second!, items: [moved, ...second!.items] },
      { ...first!, hidden: true, items: first!.items.slice(1, -1).map((item) => ({ ...item, price: item.price + 1 })) },
      ...rest,
      { name: 'Specials', description: 'This week only.', hidden: false, items: [newDish('Salt & Pepper Tofu')] },
    ];

    expect(await publish(draft)).toBe(before.menuVersion + 1);

    const after = await published();
    expect(after.menuVersion).toBe(before.menuVersion + 1);
    expect(after.categories.slice(0, -1).map((category) => category.categoryId)).toEqual([second!.categoryId, first!.categoryId, ...rest.map((category) => category.categoryId)]);
    expect(after.categories[0]!.items[0]).toEqual(moved);
    expect(after.categories[1]!.hidden).toBe(true);
    expect(after.categories[1]!.items.map((item) => item.price)).toEqual(first!.items.slice(1, -1).map((item) => item.price + 1));
    expect(itemIds(after.categories)).not.toContain(removed.itemId);
    const specials = after.categories.at(-1)!;
    expect(specials.categoryId).toBeGreaterThan(Math.max(...before.categories.map((category) => category.categoryId!)));
    expect(specials.items[0]).toMatchObject({ title: 'Salt & Pepper Tofu', price: 4.2, options: [{ label: 'Small', extraCost: 0 }] });
    expect(specials.items[0]!.itemId).toBeGreaterThan(Math.max(...itemIds(before.categories)));

    // Customers get neither the hidden category nor its dishes.
    const customers = await createRepositories(database.db).menus.getMenu(1);
    expect(customers!.menuVersion).toBe(after.menuVersion);
    expect(customers!.categories.map((category) => category.categoryId)).not.toContain(first!.categoryId);
  });

  it('never gives a new dish the id of one removed before, even the highest', async () => {
    const before = await published();
    const specials = before.categories.at(-1)!;
    const highest = specials.items[0]!.itemId!;
    await publish([...before.categories.slice(0, -1), { ...specials, items: [] }]);
    await publish([...before.categories.slice(0, -1), { ...specials, items: [newDish('Crispy Tofu')] }]);
    const added = (await published()).categories.at(-1)!.items[0]!;
    expect(added.title).toBe('Crispy Tofu');
    expect(added.itemId).toBeGreaterThan(highest);
    expect(added.options[0]!.configId).toBeGreaterThan(specials.items[0]!.options[0]!.configId!);
  });

  it('writes nothing of a publish that fails part way', async () => {
    const before = await published();
    const [first, ...rest] = before.categories;
    // The new category is written before the last dish's price, which the database refuses.
    const failing = [{ name: 'Specials', description: '', hidden: false, items: [newDish('Crispy Tofu')] }, ...rest, { ...first!, items: [{ ...first!.items[0]!, price: -1 }] }];
    await expect(publish(failing)).rejects.toThrow();
    expect(await published()).toEqual(before);
  });
});
