import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablePhoto } from '../../src/server/db/seed/demoPhotos';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createRepositories, type Menu, type Page } from '../../src/server/db/repositories';
import { ukAllergens } from '../../src/server/db/seed/demoDataShape';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

type Database = Awaited<ReturnType<typeof openEmptyDatabase>>;

async function openSeeded(target: (typeof databaseTargets)[number]): Promise<Database> {
  const database = await openEmptyDatabase(target);
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  return database;
}

const isWholePence = (pounds: number) => Math.abs(Math.round(pounds * 100) - pounds * 100) < 1e-9;

describe.each(databaseTargets)('repositories on $name', (target) => {
  let database: Database;
  let repositories: ReturnType<typeof createRepositories>;
  beforeAll(async () => {
    database = await openSeeded(target);
    repositories = createRepositories(database.db);
  });
  afterAll(() => database.dispose());

  describe('restaurant.getCoreData', () => {
    it('returns the restaurant, its hours by weekday and its settings in pounds', async () => {
      expect(await repositories.restaurant.getCoreData()).toEqual({
        restaurantId: 1,
        name: 'Golden Dragon',
        sharePhoto: tablePhoto,
        tagline: 'Cantonese & Peking cuisine',
        address: {
          address1: '12 Market Street',
          address2: 'Headingley',
          town: 'Leeds',
          county: 'West Yorkshire',
          postCode: 'LS6 2AB',
        },
        phone: '0113 496 0123',
        email: 'hello@goldendragon-headingley.example',
        openingHours: [
          { day: 0, opens: '16:00', closes: '22:00' },
          { day: 2, opens: '17:00', closes: '22:30' },
          { day: 3, opens: '17:00', closes: '22:30' },
          { day: 4, opens: '17:00', closes: '22:30' },
          { day: 5, opens: '17:00', closes: '23:30' },
          { day: 6, opens: '17:00', closes: '23:30' },
        ],
        onlineOrderingAllowed: true,
        menuId: 1,
        menuVersion: 1,
        takeawaySettings: {
          allowCollection: true,
          allowOrdering: true,
          allowCashPayment: true,
          maximumCashOrderValue: 150,
          maximumOrderValue: 500,
          minimumCollectionOrderValue: 10,
          minimumFreeOrderValue: 15,
          orderDaysAhead: 0,
          standardDeliveryCharge: 2.5,
          bagCharge: 0.1,
          collectionLeadMinutes: 20,
          deliveryLeadMinutes: 45,
          slotMinutes: 15,
          ordersPerSlot: null,
        },
        specialDays: [],
        busyMode: { paused: false, extraMinutes: 0 },
        apps: {
          appStoreUrl: 'https://apps.apple.com/gb/app/golden-dragon-headingley/id0000000000',
          googlePlayUrl: 'https://play.google.com/store/apps/details?id=uk.example.goldendragon',
        },
        highlightedDishes: expect.any(Array),
      });
    });

    it("highlights the dishes the restaurant chose, as the menu answers them, in the menu's order", async () => {
      const menuItems = (await repositories.menus.getMenu(1))!.categories.flatMap((category) => category.items);
      const { highlightedDishes } = (await repositories.restaurant.getCoreData())!;
      expect(highlightedDishes?.map((dish) => dish.title)).toEqual([
        'Sizzling Fillet Steak in Black Pepper Sauce',
        'Salt & Pepper King Prawns',
        'Crispy Shredded Chilli Beef',
        'Crispy Aromatic Duck',
      ]);
      expect(highlightedDishes).toEqual(menuItems.filter((item) => item.highlighted));
    });

    it('leaves out a highlighted dish that cannot be ordered, and shows a newly chosen one once the menu changes', async () => {
      const fresh = createRepositories(database.db, { referenceDataMaxAgeMs: 0 });
      const changeMenu = async (itemId: number, change: { available?: 0 | 1; highlighted?: 0 | 1 }) => {
        await database.db.updateTable('menu_items').set(change).where('item_id', '=', itemId).execute();
        // Every change to a menu bumps its version (src/server/db/repositories.ts, getCachedMenu).
        await database.db.updateTable('menus').set((eb) => ({ menu_version: eb('menu_version', '+', 1) })).where('menu_id', '=', 1).execute();
      };
      try {
        await changeMenu(304, { available: 0 });
        await changeMenu(302, { highlighted: 1 });
        expect((await fresh.restaurant.getCoreData())?.highlightedDishes?.map((dish) => dish.itemId)).toEqual([301, 302, 502, 701]);
      } finally {
        await changeMenu(304, { available: 1 });
        await changeMenu(302, { highlighted: 0 });
        await database.db.updateTable('menus').set({ menu_version: 1 }).where('menu_id', '=', 1).execute();
      }
    });
  });

  describe('menus.getMenu', () => {
    let menu: Menu;
    beforeAll(async () => {
      const found = await repositories.menus.getMenu(1);
      if (found === undefined) throw new Error('menu 1 is missing');
      menu = found;
    });
    const allItems = () => menu.categories.flatMap((category) => category.items);

    it('returns menu 1 with at least 10 categories in categoryOrder', () => {
      expect({ menuId: menu.menuId, menuVersion: menu.menuVersion, menuType: menu.menuType }).toEqual({
        menuId: 1,
        menuVersion: 1,
        menuType: 2,
      });
      expect(menu.categories.length).toBeGreaterThanOrEqual(10);
      expect(menu.categories.map((category) => category.categoryOrder)).toEqual(
        menu.categories.map((_, index) => index + 1),
      );
      expect(menu.categories.slice(0, 3).map((category) => category.category)).toEqual([
        'Starters',
        'Soups',
        "Chef's Specials",
      ]);
      for (const category of menu.categories) {
        expect(Object.keys(category).sort()).toEqual(
          ['category', 'categoryId', 'categoryOrder', 'description', 'items', 'restaurantId'].sort(),
        );
        expect(category.restaurantId).toBe(1);
      }
    });

    it('orders items by itemOrder inside their own category', () => {
      for (const category of menu.categories) {
        expect(category.items.length).toBeGreaterThan(0);
        expect(category.items.map((item) => item.itemOrder)).toEqual(category.items.map((_, index) => index + 1));
        expect(category.items.every((item) => item.categoryId === category.categoryId)).toBe(true);
      }
      expect(menu.categories[0].items[0].title).toBe('Prawn Crackers');
    });

    it('has at least 60 items with the documented fields, prices in pounds', () => {
      const items = allItems();
      expect(items.length).toBeGreaterThanOrEqual(60);
      expect(new Set(items.map((item) => item.itemId)).size).toBe(items.length);
      for (const item of items) {
        // A dish with a photo (the demo's own, src/server/db/seed/demoPhotos.ts) carries it; one without has no key.
        expect(Object.keys(item).filter((key) => key !== 'photo').sort()).toEqual(
          [
            'allergens',
            'available',
            'categoryId',
            'chineseName',
            'chineseScript',
            'configItems',
            'description',
            'dietary',
            'extendedDescription',
            'highlighted',
            'itemCost',
            'itemId',
            'itemOrder',
            'menuNumber',
            'title',
          ].sort(),
        );
        expect(item.itemCost).toBeGreaterThan(0);
        expect(isWholePence(item.itemCost)).toBe(true);
        expect(typeof item.available).toBe('boolean');
        expect(typeof item.highlighted).toBe('boolean');
      }
      expect(items.find((item) => item.itemId === 101)?.itemCost).toBe(2.5);
      expect(items.find((item) => item.itemId === 301)?.itemCost).toBe(12.9);
      expect(items.some((item) => !item.available)).toBe(true);
    });

    it('declares all 14 UK allergens across the menu, each item listing known ones once', () => {
      const items = allItems();
      const declared = new Set(items.flatMap((item) => item.allergens));
      expect([...declared].sort()).toEqual([...ukAllergens].sort());
      for (const item of items) {
        expect(new Set(item.allergens).size).toBe(item.allergens.length);
        expect(item.allergens.every((allergen) => (ukAllergens as readonly string[]).includes(allergen))).toBe(true);
        expect(item.dietary.every((label) => ['vegetarian', 'vegan', 'spicy', 'hot'].includes(label))).toBe(true);
      }
      const byTitle = (title: string) => items.find((item) => item.title === title);
      expect(byTitle('Prawn Crackers')?.allergens).toEqual(['crustaceans']);
      expect(byTitle('Sesame Prawn Toast')?.allergens).toEqual(
        expect.arrayContaining(['sesame', 'crustaceans', 'cereals-containing-gluten', 'eggs']),
      );
      expect(byTitle('Chicken Satay Skewers (4)')?.allergens).toContain('peanuts');
      expect(byTitle('Chicken in Black Bean Sauce')?.allergens).toEqual(['cereals-containing-gluten', 'soya']);
      expect(byTitle('Vegetable Spring Rolls (4)')?.dietary).toEqual(['vegetarian', 'vegan']);
      expect(byTitle('Kung Po Chicken')?.dietary).toEqual(['hot']);
    });

    it('converts config extra costs from pence to pounds, in their order', () => {
      const items = allItems();
      const configOf = (itemId: number) => items.find((item) => item.itemId === itemId)?.configItems;
      expect(configOf(401)).toEqual([
        { configId: 4011, configItem: 'Hong Kong style (in batter, sauce on the side)', extraCost: 0, available: true },
        { configId: 4012, configItem: 'Cantonese style (stir-fried with pineapple and peppers)', extraCost: 0.5, available: true },
      ]);
      expect(configOf(701)?.map((option) => option.extraCost)).toEqual([0, 8, 22.5]);
      expect(configOf(1301)?.map((option) => [option.configItem, option.extraCost])).toEqual([
        ['Boiled rice', 0],
        ['Egg fried rice', 1],
        ['Special fried rice', 1.5],
      ]);
      expect(configOf(103)).toEqual([]);
      expect(items.filter((item) => item.configItems.length > 0).length).toBeGreaterThanOrEqual(15);
      const configIds = items.flatMap((item) => item.configItems.map((option) => option.configId));
      expect(new Set(configIds).size).toBe(configIds.length);
    });

    it('answers undefined for an unknown menu', async () => {
      expect(await repositories.menus.getMenu(999)).toBeUndefined();
    });
  });

  describe('pages.getPage', () => {
    let gallery: Page;
    beforeAll(async () => {
      const found = await repositories.pages.getPage('Gallery');
      if (found === undefined) throw new Error('the gallery page is missing');
      gallery = found;
    });
    const blocks = () => gallery.rows.flatMap((row) => row.columns.flatMap((column) => column.contentBlocks));

    it('finds a page whatever the case of its name, and nothing for an unknown name', async () => {
      expect(gallery.pageName).toBe('Gallery');
      expect(gallery.title).toBe('Gallery');
      expect(await repositories.pages.getPage('gallery')).toEqual(gallery);
      expect(await repositories.pages.getPage('GALLERY')).toEqual(gallery);
      expect(await repositories.pages.getPage('Privacy')).toMatchObject({ pageName: 'privacy', title: 'Privacy Policy' });
      expect(await repositories.pages.getPage('no-such-page')).toBeUndefined();
      expect(await repositories.pages.getPage('')).toBeUndefined();
    });

    it('lays the gallery out in numbered rows of ordered columns with sizes out of 12', () => {
      expect(gallery.rows.map((row) => row.row)).toEqual(gallery.rows.map((_, index) => index + 1));
      for (const row of gallery.rows) {
        expect(row.columns.map((column) => column.order)).toEqual(row.columns.map((_, index) => index + 1));
        for (const column of row.columns) {
          for (const span of [column.sizes.xs, column.sizes.sm, column.sizes.md, column.sizes.lg]) {
            expect(Number.isInteger(span) && span >= 1 && span <= 12).toBe(true);
          }
          expect(column.contentBlocks.length).toBeGreaterThan(0);
        }
      }
    });

    it('holds every content block type, with a carousel and cards as documented', () => {
      expect([...new Set(blocks().map((block) => block.contentBlockType))].sort()).toEqual([0, 1, 2, 3, 4]);
      for (const block of blocks()) {
        if (block.contentBlockType === 1) expect(block.contentBlockData.ctaLink).toBe('/order');
        if (block.contentBlockType === 2) expect(block.contentBlockData.ctaLink).toMatch(/^https:\/\//);
        if (block.contentBlockType === 3) {
          expect(block.contentBlockData.slides.length).toBeGreaterThanOrEqual(4);
          for (const slide of block.contentBlockData.slides) {
            expect(slide.img).toMatch(/^\/media\/[0-9a-f]{64}-\d+\.webp$/);
            expect(slide.alt.length).toBeGreaterThan(10);
            expect(slide.width).toBeGreaterThan(0);
            expect(slide.height).toBeGreaterThan(0);
          }
        }
      }
      const cards = blocks().flatMap((block) => (block.contentBlockType === 4 ? [block.contentBlockData] : []));
      expect(cards.map((card) => card.ctaIcon).sort()).toEqual([0, 1, 2, 3]);
      expect(cards.find((card) => card.ctaIcon === 0)).toMatchObject({ header: 'Call us', ctaLink: 'tel:+441134960123' });
    });

    it('lists every stored page by name, a page stored since included (the sitemap), in one order whatever the collation', async () => {
      // Code-point order: capitals first, as SQLite sorts and PostgreSQL only under the C collation.
      const seededNames = ['Gallery', 'about-us', 'allergens', 'cookies', 'privacy', 'terms'];
      expect(await repositories.pages.listPageNames()).toEqual(seededNames);
      await database.db.insertInto('pages').values({ page_name: 'Banquets', title: 'Banquets', content: '[]' }).execute();
      try {
        expect(await repositories.pages.listPageNames()).toEqual(['Banquets', ...seededNames]);
      } finally {
        await database.db.deleteFrom('pages').where('page_name', '=', 'Banquets').execute();
      }
    });

    it('serves the privacy, cookies, terms and about-us pages as text sections', async () => {
      const expected = [
        ['privacy', 'Privacy Policy', ['UK General Data Protection Regulation', 'tracking cookie', 'Google Analytics']],
        ['cookies', 'Cookie Policy', ['takeaway_tracking', '365 days', 'strictly necessary and analytics']],
        ['terms', 'Terms of Use', ['Placing an order', 'allerg']],
        ['about-us', 'About Us', ['1998']],
      ] as const;
      for (const [pageName, title, phrases] of expected) {
        const page = await repositories.pages.getPage(pageName);
        expect(page).toMatchObject({ pageName, title });
        const text = JSON.stringify(page?.rows);
        for (const phrase of phrases) expect(text).toContain(phrase);
        const opening = page?.rows[0].columns[0].contentBlocks[0];
        expect(opening?.contentBlockType).toBe(0);
        // The screen shows the title as the page heading; the opening section must not say it again.
        expect(opening?.contentBlockData).not.toHaveProperty('header');
      }
    });
  });
});

describe.each(databaseTargets)('a changed menu on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openSeeded(target);
  });
  afterAll(() => database.dispose());

  it('is read afresh once its version is bumped and the reference data has aged', async () => {
    let elapsedMs = 0;
    const repositories = createRepositories(database.db, { referenceDataMaxAgeMs: 1_000, monotonicNow: () => elapsedMs });
    const priceOfPrawnCrackers = async () =>
      (await repositories.menus.getMenu(1))?.categories[0].items.find((item) => item.itemId === 101)?.itemCost;
    expect(await priceOfPrawnCrackers()).toBe(2.5);
    expect((await repositories.restaurant.getCoreData())?.menuVersion).toBe(1);

    await database.db.transaction().execute(async (transaction) => {
      await transaction.updateTable('menu_items').set({ item_cost: 275 }).where('item_id', '=', 101).execute();
      await transaction.updateTable('menus').set({ menu_version: 2 }).where('menu_id', '=', 1).execute();
    });
    elapsedMs = 999;
    expect(await priceOfPrawnCrackers()).toBe(2.5);
    expect((await repositories.restaurant.getCoreData())?.menuVersion).toBe(1);

    elapsedMs = 1_000;
    expect(await priceOfPrawnCrackers()).toBe(2.75);
    expect((await repositories.menus.getMenu(1))?.menuVersion).toBe(2);
    expect((await repositories.restaurant.getCoreData())?.menuVersion).toBe(2);

    await database.db.deleteFrom('menus').where('menu_id', '=', 1).execute();
    elapsedMs = 2_000;
    expect(await repositories.menus.getMenu(1)).toBeUndefined();
  });
});
