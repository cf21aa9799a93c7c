import { sql, type Kysely, type Migration } from 'kysely';
import { isFlag, isNotNegative } from './columnRules';

// Written only with the schema builder and portable SQL so that the same migration creates the
// same tables on SQLite and PostgreSQL. Money columns are integer pence.

const isClockTime = (column: string) => sql`${sql.ref(column)} like '__:__'`;

export const restaurantMenusPages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('restaurant')
      .addColumn('restaurant_id', 'integer', (column) => column.primaryKey())
      .addColumn('trading_name', 'text', (column) => column.notNull())
      .addColumn('tagline', 'text', (column) => column.notNull())
      .addColumn('address1', 'text', (column) => column.notNull())
      .addColumn('address2', 'text', (column) => column.notNull())
      .addColumn('town', 'text', (column) => column.notNull())
      .addColumn('county', 'text', (column) => column.notNull())
      .addColumn('post_code', 'text', (column) => column.notNull())
      .addColumn('phone', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('online_ordering_allowed', 'integer', (column) =>
        column.notNull().check(isFlag('online_ordering_allowed')),
      )
      // No foreign key: menus already reference the restaurant, and the circle could not be
      // closed afterwards because SQLite cannot add a constraint to an existing table.
      .addColumn('menu_id', 'integer', (column) => column.notNull())
      .addColumn('app_store_url', 'text', (column) => column.notNull())
      .addColumn('google_play_url', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('takeaway_settings')
      .addColumn('restaurant_id', 'integer', (column) =>
        column.primaryKey().references('restaurant.restaurant_id').onDelete('cascade'),
      )
      .addColumn('allow_collection', 'integer', (column) =>
        column.notNull().check(isFlag('allow_collection')),
      )
      .addColumn('allow_ordering', 'integer', (column) => column.notNull().check(isFlag('allow_ordering')))
      .addColumn('minimum_collection_order_value', 'integer', (column) =>
        column.notNull().check(isNotNegative('minimum_collection_order_value')),
      )
      .addColumn('minimum_free_order_value', 'integer', (column) =>
        column.notNull().check(isNotNegative('minimum_free_order_value')),
      )
      .addColumn('standard_delivery_charge', 'integer', (column) =>
        column.notNull().check(isNotNegative('standard_delivery_charge')),
      )
      .addColumn('bag_charge', 'integer', (column) => column.notNull().check(isNotNegative('bag_charge')))
      .addColumn('collection_lead_minutes', 'integer', (column) =>
        column.notNull().check(isNotNegative('collection_lead_minutes')),
      )
      .addColumn('delivery_lead_minutes', 'integer', (column) =>
        column.notNull().check(isNotNegative('delivery_lead_minutes')),
      )
      .execute();

    await db.schema
      .createTable('opening_periods')
      .addColumn('restaurant_id', 'integer', (column) =>
        column.notNull().references('restaurant.restaurant_id').onDelete('cascade'),
      )
      .addColumn('day', 'integer', (column) => column.notNull().check(sql`day between 0 and 6`))
      .addColumn('opens', 'text', (column) => column.notNull().check(isClockTime('opens')))
      .addColumn('closes', 'text', (column) => column.notNull().check(isClockTime('closes')))
      .addPrimaryKeyConstraint('opening_periods_pk', ['restaurant_id', 'day', 'opens'])
      .execute();

    await db.schema
      .createTable('delivery_zones')
      .addColumn('delivery_zone_id', 'integer', (column) => column.primaryKey())
      .addColumn('restaurant_id', 'integer', (column) =>
        column.notNull().references('restaurant.restaurant_id').onDelete('cascade'),
      )
      .addColumn('postcode_district', 'text', (column) => column.notNull())
      .addColumn('zone_name', 'text', (column) => column.notNull())
      .addColumn('delivery_charge', 'integer', (column) =>
        column.notNull().check(isNotNegative('delivery_charge')),
      )
      .addColumn('minimum_order_value', 'integer', (column) =>
        column.notNull().check(isNotNegative('minimum_order_value')),
      )
      .addUniqueConstraint('delivery_zones_district_unique', ['restaurant_id', 'postcode_district'])
      .execute();

    await db.schema
      .createTable('menus')
      .addColumn('menu_id', 'integer', (column) => column.primaryKey())
      .addColumn('restaurant_id', 'integer', (column) =>
        column.notNull().references('restaurant.restaurant_id').onDelete('cascade'),
      )
      .addColumn('menu_version', 'integer', (column) => column.notNull())
      .addColumn('menu_type', 'integer', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('menu_categories')
      .addColumn('category_id', 'integer', (column) => column.primaryKey())
      .addColumn('menu_id', 'integer', (column) =>
        column.notNull().references('menus.menu_id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('category_order', 'integer', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('menu_categories_menu').on('menu_categories').columns(['menu_id', 'category_order']).execute();

    await db.schema
      .createTable('menu_items')
      .addColumn('item_id', 'integer', (column) => column.primaryKey())
      .addColumn('category_id', 'integer', (column) =>
        column.notNull().references('menu_categories.category_id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('extended_description', 'text', (column) => column.notNull())
      .addColumn('item_order', 'integer', (column) => column.notNull())
      .addColumn('item_cost', 'integer', (column) => column.notNull().check(isNotNegative('item_cost')))
      .addColumn('available', 'integer', (column) => column.notNull().check(isFlag('available')))
      .addColumn('allergens', 'text', (column) => column.notNull())
      .addColumn('dietary', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('menu_items_category').on('menu_items').columns(['category_id', 'item_order']).execute();

    await db.schema
      .createTable('menu_config_items')
      .addColumn('config_id', 'integer', (column) => column.primaryKey())
      .addColumn('item_id', 'integer', (column) =>
        column.notNull().references('menu_items.item_id').onDelete('cascade'),
      )
      .addColumn('label', 'text', (column) => column.notNull())
      .addColumn('extra_cost', 'integer', (column) => column.notNull().check(isNotNegative('extra_cost')))
      .addColumn('config_order', 'integer', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('menu_config_items_item')
      .on('menu_config_items')
      .columns(['item_id', 'config_order'])
      .execute();

    await db.schema
      .createTable('pages')
      .addColumn('page_name', 'text', (column) => column.primaryKey())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('content', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('pages_page_name_case_insensitive')
      .on('pages')
      .unique()
      .expression(sql`lower(page_name)`)
      .execute();
  },
};
