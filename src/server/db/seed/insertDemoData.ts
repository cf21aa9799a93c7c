import type { Kysely } from 'kysely';
import type { DatabaseSchema, Flag } from '../schema';
import { ukAllergens, type Allergen, type DemoData, type DietaryLabel } from './demoDataShape';

const toFlag = (value: boolean): Flag => (value ? 1 : 0);

// Dishes compose their allergens from shared sauces, so the same one can be listed twice; store
// each once, in the legal list's order, so every reader sees the same text.
const allergensText = (listed: Allergen[]) => JSON.stringify(ukAllergens.filter((allergen) => listed.includes(allergen)));
const dietaryText = (listed: DietaryLabel[]) => JSON.stringify([...new Set(listed)]);

/** Writes the demo data into empty tables; the caller supplies the transaction. */
export async function insertDemoData(db: Kysely<DatabaseSchema>, data: DemoData): Promise<void> {
  const { restaurant, takeawaySettings, openingHours, deliveryZones, menu, pages, photos } = data;
  const restaurantId = restaurant.restaurantId;

  await db
    .insertInto('restaurant')
    .values({
      restaurant_id: restaurantId,
      trading_name: restaurant.tradingName,
      tagline: restaurant.tagline,
      address1: restaurant.address1,
      address2: restaurant.address2,
      town: restaurant.town,
      county: restaurant.county,
      post_code: restaurant.postCode,
      phone: restaurant.phone,
      email: restaurant.email,
      online_ordering_allowed: toFlag(restaurant.onlineOrderingAllowed),
      menu_id: menu.menuId,
      app_store_url: restaurant.appStoreUrl,
      google_play_url: restaurant.googlePlayUrl,
    })
    .execute();

  await db
    .insertInto('takeaway_settings')
    .values({
      restaurant_id: restaurantId,
      allow_collection: toFlag(takeawaySettings.allowCollection),
      allow_ordering: toFlag(takeawaySettings.allowOrdering),
      allow_cash_payment: toFlag(takeawaySettings.allowCashPayment),
      maximum_cash_order_value: takeawaySettings.maximumCashOrderPence,
      maximum_order_value: takeawaySettings.maximumOrderPence,
      minimum_collection_order_value: takeawaySettings.minimumCollectionOrderPence,
      minimum_free_order_value: takeawaySettings.minimumFreeOrderPence,
      standard_delivery_charge: takeawaySettings.standardDeliveryChargePence,
      bag_charge: takeawaySettings.bagChargePence,
      collection_lead_minutes: takeawaySettings.collectionLeadMinutes,
      delivery_lead_minutes: takeawaySettings.deliveryLeadMinutes,
      share_photo: takeawaySettings.sharePhoto === undefined ? null : JSON.stringify(takeawaySettings.sharePhoto),
    })
    .execute();

  await db
    .insertInto('opening_periods')
    .values(openingHours.map((period) => ({ restaurant_id: restaurantId, ...period })))
    .execute();

  await db
    .insertInto('delivery_zones')
    .values(
      deliveryZones.map((zone) => ({
        delivery_zone_id: zone.deliveryZoneId,
        restaurant_id: restaurantId,
        postcode_area: zone.postcodeDistrict,
        zone_name: zone.zoneName,
        delivery_charge: zone.deliveryChargePence,
        minimum_order_value: zone.minimumOrderPence,
      })),
    )
    .execute();

  await db
    .insertInto('menus')
    .values({
      menu_id: menu.menuId,
      restaurant_id: restaurantId,
      menu_version: menu.menuVersion,
      menu_type: menu.menuType,
    })
    .execute();

  await db
    .insertInto('menu_categories')
    .values(
      menu.categories.map((category, index) => ({
        category_id: category.categoryId,
        menu_id: menu.menuId,
        name: category.name,
        description: category.description,
        category_order: index + 1,
      })),
    )
    .execute();

  const items = menu.categories.flatMap((category) =>
    category.items.map((item, index) => ({ item, categoryId: category.categoryId, itemOrder: index + 1 })),
  );
  await db
    .insertInto('menu_items')
    .values(
      items.map(({ item, categoryId, itemOrder }) => ({
        item_id: item.itemId,
        category_id: categoryId,
        title: item.title,
        description: item.description,
        extended_description: item.extendedDescription ?? '',
        item_order: itemOrder,
        item_cost: item.costPence,
        available: toFlag(item.available ?? true),
        highlighted: toFlag(item.highlighted ?? false),
        menu_number: item.menuNumber ?? null,
        chinese_name: item.chineseName ?? null,
        chinese_script: item.chineseName === undefined ? null : 'zh-Hans',
        allergens: allergensText(item.allergens),
        dietary: dietaryText(item.dietary ?? []),
        photo: item.photo === undefined ? null : JSON.stringify(item.photo),
      })),
    )
    .execute();

  const configItems = items.flatMap(({ item }) =>
    (item.configItems ?? []).map((configItem, index) => ({
      config_id: configItem.configId,
      item_id: item.itemId,
      label: configItem.label,
      extra_cost: configItem.extraCostPence,
      config_order: index + 1,
    })),
  );
  if (configItems.length > 0) await db.insertInto('menu_config_items').values(configItems).execute();

  if (photos.length > 0) {
    const uploadedAt = new Date().toISOString();
    await db
      .insertInto('media')
      .values(photos.map(({ mediaId, alt, width, height, widths }) => ({ media_id: mediaId, alt, width, height, widths: JSON.stringify(widths), original_type: 'jpeg', uploaded_at: uploadedAt })))
      .execute();
  }

  await db
    .insertInto('pages')
    .values(
      pages.map((page) => ({ page_name: page.pageName, title: page.title, content: JSON.stringify(page.rows) })),
    )
    .execute();
}
