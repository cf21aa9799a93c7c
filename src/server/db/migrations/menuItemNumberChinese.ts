import { sql, type Kysely, type Migration } from 'kysely';

// A dish's menu number ("54") and its Chinese name with the script it is written in (docs/back-office.md, "Menu
// numbers and Chinese names"). All optional: a menu that never had them reads as before. The number is text because
// takeaways number "54a"; its uniqueness within a menu is the editor's rule (a number moves between dishes in one
// publish, which a unique index would refuse mid-way).

export const menuItemNumberChinese: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('menu_items').addColumn('menu_number', 'varchar(6)').execute();
    await db.schema.alterTable('menu_items').addColumn('chinese_name', 'varchar(40)').execute();
    await db.schema
      .alterTable('menu_items')
      .addColumn('chinese_script', 'varchar(7)', (column) => column.check(sql`chinese_script in ('zh-Hans', 'zh-Hant')`))
      .execute();
  },
};
