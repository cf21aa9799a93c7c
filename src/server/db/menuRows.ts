import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema, MenuItemsTable } from './schema';

// The rows of one menu's dishes and options, in menu order, as both the customers' menu (repositories.ts) and the
// owner's editor (menuEditRepository.ts) read them: one query each, whatever the size of the menu.

type Reader = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export function menuItemRows(db: Reader, menuId: number) {
  return db
    .selectFrom('menu_items')
    .innerJoin('menu_categories', 'menu_categories.category_id', 'menu_items.category_id')
    .selectAll('menu_items')
    .where('menu_categories.menu_id', '=', menuId)
    .orderBy('menu_items.item_order')
    .orderBy('menu_items.item_id')
    .execute();
}

export function menuOptionRows(db: Reader, menuId: number) {
  return db
    .selectFrom('menu_config_items')
    .innerJoin('menu_items', 'menu_items.item_id', 'menu_config_items.item_id')
    .innerJoin('menu_categories', 'menu_categories.category_id', 'menu_items.category_id')
    .selectAll('menu_config_items')
    .where('menu_categories.menu_id', '=', menuId)
    .orderBy('menu_config_items.config_order')
    .orderBy('menu_config_items.config_id')
    .execute();
}

/** A dish row's menu number and Chinese name as the API sends them: each only when the dish has one. */
export function dishNamesOfRow(row: Pick<MenuItemsTable, 'menu_number' | 'chinese_name' | 'chinese_script'>) {
  return {
    ...(row.menu_number === null ? {} : { menuNumber: row.menu_number }),
    ...(row.chinese_name === null ? {} : { chineseName: row.chinese_name, chineseScript: row.chinese_script ?? 'zh-Hans' }),
  };
}
