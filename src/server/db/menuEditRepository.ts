import type { Kysely, Transaction } from 'kysely';
import { penceToPounds, poundsToPence } from '../../domain/money';
import type { components } from '../../api/schema.gen';
import type { EditableMenuCategory } from '../../domain/menuRules';
import { dishNamesOfRow, menuItemRows, menuOptionRows } from './menuRows';
import type { DatabaseSchema, MenuHighestIdsTable } from './schema';

type Photo = components['schemas']['Photo'];

// The owner's menu editor's reads and writes (docs/back-office.md, "Menu"): the published menu as the owner edits it
// (hidden categories included), the draft, and publishing a draft over the published rows. The writes take the
// transaction saveEdit runs them in, so the revision, the change and its audit commit together.

type Reader = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;
type Allergen = EditableMenuCategory['items'][number]['allergens'][number];
type DietaryLabel = EditableMenuCategory['items'][number]['dietary'][number];

/** The published menu of `menuId` as the editor's document, in menu order, and its version; undefined without the menu. */
export async function readPublishedMenu(db: Reader, menuId: number): Promise<{ menuVersion: number; categories: EditableMenuCategory[] } | undefined> {
  const menu = await db.selectFrom('menus').select('menu_version').where('menu_id', '=', menuId).executeTakeFirst();
  if (menu === undefined) return undefined;
  const [categoryRows, itemRows, optionRows] = await Promise.all([
    db.selectFrom('menu_categories').selectAll().where('menu_id', '=', menuId).orderBy('category_order').orderBy('category_id').execute(),
    menuItemRows(db, menuId),
    menuOptionRows(db, menuId),
  ]);
  return {
    menuVersion: menu.menu_version,
    categories: categoryRows.map((category) => ({
      categoryId: category.category_id,
      name: category.name,
      description: category.description,
      hidden: category.hidden === 1,
      items: itemRows
        .filter((item) => item.category_id === category.category_id)
        .map((item) => ({
          itemId: item.item_id,
          title: item.title,
          description: item.description,
          extendedDescription: item.extended_description,
          price: penceToPounds(item.item_cost),
          allergens: JSON.parse(item.allergens) as Allergen[],
          dietary: JSON.parse(item.dietary) as DietaryLabel[],
          highlighted: item.highlighted === 1,
          available: item.available === 1,
          ...dishNamesOfRow(item),
          ...(item.photo === null ? {} : { photo: JSON.parse(item.photo) as Photo }),
          options: optionRows
            .filter((option) => option.item_id === item.item_id)
            .map((option) => ({ configId: option.config_id, label: option.label, extraCost: penceToPounds(option.extra_cost) })),
        })),
    })),
  };
}

export async function readMenuDraft(db: Reader, menuId: number): Promise<EditableMenuCategory[] | undefined> {
  const row = await db.selectFrom('menu_drafts').select('categories').where('menu_id', '=', menuId).executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.categories) as EditableMenuCategory[]);
}

export async function writeMenuDraft(transaction: Transaction<DatabaseSchema>, menuId: number, categories: readonly EditableMenuCategory[], now: Date) {
  const values = { categories: JSON.stringify(categories), saved_at: now.toISOString() };
  await transaction
    .insertInto('menu_drafts')
    .values({ menu_id: menuId, ...values })
    .onConflict((conflict) => conflict.column('menu_id').doUpdateSet(values))
    .execute();
}

export async function dropMenuDraft(transaction: Transaction<DatabaseSchema>, menuId: number) {
  await transaction.deleteFrom('menu_drafts').where('menu_id', '=', menuId).execute();
}

/**
 * Writes `categories` over the published menu `menuId` and raises its version by one: rows that keep their id are
 * updated (a dish may move to another category), new ones are inserted with ids never used before, and the rest are
 * deleted. Answers the new version.
 */
export async function publishMenu(transaction: Transaction<DatabaseSchema>, menuId: number, categories: readonly EditableMenuCategory[]): Promise<number> {
  const published = await readPublishedMenu(transaction, menuId);
  if (published === undefined) throw new Error(`Menu ${menuId} is missing from the database`);
  const nextId = await idIssuer(transaction);

  const keptCategoryIds = new Set<number>();
  const keptItemIds = new Set<number>();
  const keptConfigIds = new Set<number>();
  for (const [categoryIndex, category] of categories.entries()) {
    const categoryRow = { name: category.name.trim(), description: category.description.trim(), hidden: category.hidden ? 1 : 0, category_order: categoryIndex + 1 } as const;
    let categoryId = category.categoryId;
    if (categoryId === undefined) {
      categoryId = nextId('category');
      await transaction.insertInto('menu_categories').values({ category_id: categoryId, menu_id: menuId, ...categoryRow }).execute();
    } else {
      await transaction.updateTable('menu_categories').set(categoryRow).where('category_id', '=', categoryId).execute();
    }
    keptCategoryIds.add(categoryId);

    for (const [itemIndex, item] of category.items.entries()) {
      const itemRow = {
        category_id: categoryId,
        title: item.title.trim(),
        description: item.description.trim(),
        extended_description: item.extendedDescription.trim(),
        item_order: itemIndex + 1,
        item_cost: poundsToPence(item.price),
        available: item.available ? 1 : 0,
        allergens: JSON.stringify(item.allergens),
        dietary: JSON.stringify(item.dietary),
        highlighted: item.highlighted ? 1 : 0,
        menu_number: item.menuNumber?.trim() || null,
        chinese_name: item.chineseName?.trim() || null,
        chinese_script: item.chineseName?.trim() ? (item.chineseScript ?? 'zh-Hans') : null,
        photo: item.photo === undefined ? null : JSON.stringify(item.photo),
      } as const;
      let itemId = item.itemId;
      if (itemId === undefined) {
        itemId = nextId('item');
        await transaction.insertInto('menu_items').values({ item_id: itemId, ...itemRow }).execute();
      } else {
        await transaction.updateTable('menu_items').set(itemRow).where('item_id', '=', itemId).execute();
      }
      keptItemIds.add(itemId);

      for (const [optionIndex, option] of item.options.entries()) {
        const optionRow = { item_id: itemId, label: option.label.trim(), extra_cost: poundsToPence(option.extraCost), config_order: optionIndex + 1 };
        if (option.configId === undefined) {
          const configId = nextId('option');
          await transaction.insertInto('menu_config_items').values({ config_id: configId, ...optionRow }).execute();
          keptConfigIds.add(configId);
        } else {
          await transaction.updateTable('menu_config_items').set(optionRow).where('config_id', '=', option.configId).execute();
          keptConfigIds.add(option.configId);
        }
      }
    }
  }

  // Children first: neither dialect is asked to cascade.
  const publishedItems = published.categories.flatMap((category) => category.items);
  const goneConfigIds = publishedItems.flatMap((item) => item.options.map((option) => option.configId!)).filter((id) => !keptConfigIds.has(id));
  const goneItemIds = publishedItems.map((item) => item.itemId!).filter((id) => !keptItemIds.has(id));
  const goneCategoryIds = published.categories.map((category) => category.categoryId!).filter((id) => !keptCategoryIds.has(id));
  if (goneConfigIds.length > 0) await transaction.deleteFrom('menu_config_items').where('config_id', 'in', goneConfigIds).execute();
  if (goneItemIds.length > 0) {
    await transaction.deleteFrom('menu_config_items').where('item_id', 'in', goneItemIds).execute();
    await transaction.deleteFrom('menu_items').where('item_id', 'in', goneItemIds).execute();
  }
  if (goneCategoryIds.length > 0) await transaction.deleteFrom('menu_categories').where('category_id', 'in', goneCategoryIds).execute();

  await nextId.keep();
  const menuVersion = published.menuVersion + 1;
  await transaction.updateTable('menus').set({ menu_version: menuVersion }).where('menu_id', '=', menuId).execute();
  return menuVersion;
}

type IdKind = MenuHighestIdsTable['kind'];

/** Hands out ids above any each kind has had, now or before; `keep` stores the highest handed out. */
async function idIssuer(transaction: Transaction<DatabaseSchema>) {
  const [kept, categories, items, options] = await Promise.all([
    transaction.selectFrom('menu_highest_ids').selectAll().execute(),
    transaction.selectFrom('menu_categories').select((eb) => eb.fn.max('category_id').as('highest')).executeTakeFirst(),
    transaction.selectFrom('menu_items').select((eb) => eb.fn.max('item_id').as('highest')).executeTakeFirst(),
    transaction.selectFrom('menu_config_items').select((eb) => eb.fn.max('config_id').as('highest')).executeTakeFirst(),
  ]);
  const keptHighest = (kind: IdKind) => kept.find((row) => row.kind === kind)?.highest ?? 0;
  const highest: Record<IdKind, number> = {
    category: Math.max(keptHighest('category'), Number(categories?.highest ?? 0)),
    item: Math.max(keptHighest('item'), Number(items?.highest ?? 0)),
    option: Math.max(keptHighest('option'), Number(options?.highest ?? 0)),
  };
  return Object.assign(
    (kind: IdKind) => {
      highest[kind] += 1;
      return highest[kind];
    },
    {
      async keep() {
        for (const kind of ['category', 'item', 'option'] as const) {
          await transaction
            .insertInto('menu_highest_ids')
            .values({ kind, highest: highest[kind] })
            .onConflict((conflict) => conflict.column('kind').doUpdateSet({ highest: highest[kind] }))
            .execute();
        }
      },
    },
  );
}
