import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANGED_SINCE_OPENED_MESSAGE } from '../../src/server/handlers/ownerEdits';
import { NO_DRAFT_MESSAGE } from '../../src/server/services/menuEditing';
import { readyOrderUpdate, startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';

// The owner's menu editor and "sold out today" (docs/back-office.md), on the real server: what customers get after a
// publish or a sold-out mark, and what is refused. Anonymous and wrong-group callers are authorization.test.ts's.

const STALE_MENU_MESSAGE = 'The menu has changed since this basket was priced: please review your basket';

let ordering: OrderingServer;
let ownerToken: string;
let kitchenToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  [ownerToken, kitchenToken] = await Promise.all([ordering.ownerToken(), ordering.staffToken()]);
});
afterAll(() => ordering?.close());
beforeEach(() => {
  ordering.now = tuesdayEvening;
});

const managedMenu = async () => {
  const answer = await ordering.call('/manage/menu', { token: ownerToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const saveDraft = (revision: number, categories: unknown) => ordering.call('/manage/menu', { method: 'PUT', body: { revision, categories }, token: ownerToken });
const publish = (revision: number) => ordering.post('/manage/menu/publish', { revision }, ownerToken);
const customersMenu = async () => (await ordering.call('/menu/getMenu/1')).body.data;
const dishOf = (menu: any, itemId: number) => menu.categories.flatMap((category: any) => category.items).find((item: any) => item.itemId === itemId);
const auditSummaries = async (area: string) =>
  (await ordering.call(`/manage/audit?area=${area}`, { token: ownerToken })).body.data.entries.map((entry: { summary: string }) => entry.summary);

/** A basket holding `orderItems`, priced by the server now, ready to confirm. */
async function pricedBasket(orderItems: unknown[], menuVersion: number) {
  const basketId = await ordering.newBasket();
  const updated = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { orderItems, menuVersion }));
  return { basketId, updated };
}
const line = (itemId: number, configId?: number, categoryId = 1) => ({ categoryId, itemId, ...(configId === undefined ? {} : { configId }), quantity: 1, title: 'as remembered', itemCost: 0, lineCost: 0 });

describe('menu draft and publish', () => {
  it('publishes a price change under a higher menuVersion: new orders pay it, a basket priced before is refused, then re-priced', async () => {
    const before = await pricedBasket([line(109)], 1);
    expect(before.updated.body.data.order.itemCost).toBe(13.9);
    const opened = await managedMenu();
    expect(opened).toMatchObject({ menuId: 1, menuVersion: 1, hasDraft: false, differsFromPublished: false });
    const itemIdsBefore = opened.categories.flatMap((category: any) => category.items.map((item: any) => item.itemId));

    const dish = dishOf(opened, 109);
    dish.price = 14.5;
    expect(dish.allergens).not.toContain('lupin');
    dish.allergens = [...dish.allergens, 'lupin'];
    const saved = await saveDraft(opened.revision, opened.categories);
    expect(saved.body).toMatchObject({ data: { revision: opened.revision + 1, hasDraft: true, differsFromPublished: true, menuVersion: 1 } });
    expect(saved.body.data.unpublishedChanges).toEqual(['Price of Mixed Starter for Two £13.90 → £14.50', 'Allergens of Mixed Starter for Two: added lupin']);
    // A draft is the owner's alone until it is published.
    expect(dishOf(await customersMenu(), 109).itemCost).toBe(13.9);

    const published = await publish(saved.body.data.revision);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ menuVersion: 2, hasDraft: false, differsFromPublished: false });
    const menu = await customersMenu();
    expect(menu.menuVersion).toBe(2);
    expect(dishOf(menu, 109)).toMatchObject({ itemId: 109, itemCost: 14.5, allergens: expect.arrayContaining(['lupin']) });
    // Every dish still on the menu kept its id.
    expect(menu.categories.flatMap((category: any) => category.items.map((item: any) => item.itemId))).toEqual(itemIdsBefore);
    expect((await ordering.call('/restaurant/coreRestaurantData')).body.data.restaurantData.menuVersion).toBe(2);

    const after = await pricedBasket([line(109)], 2);
    expect(after.updated.body.data.order).toMatchObject({ itemCost: 14.5, menuVersion: 2 });

    const refused = await ordering.post('/orderbuilder/confirm', { basketId: before.basketId });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toBe(STALE_MENU_MESSAGE);
    const repriced = await ordering.post('/orderbuilder/update', readyOrderUpdate(before.basketId, { orderItems: [line(109)], menuVersion: 1 }));
    expect(repriced.body.data.order).toMatchObject({ itemCost: 14.5, menuVersion: 2 });
    expect((await ordering.post('/orderbuilder/confirm', { basketId: before.basketId })).status).toBe(200);

    const audit = await auditSummaries('menu');
    expect(audit).toContain('Price of Mixed Starter for Two £13.90 → £14.50');
    expect(audit).toContain('Allergens of Mixed Starter for Two: added lupin');
    expect(audit).toContain('Published the menu as version 2');
  });

  it('adds dishes with new ids, removes dishes and hides categories from customers', async () => {
    const opened = await managedMenu();
    const highestItemId = Math.max(...opened.categories.flatMap((category: any) => category.items.map((item: any) => item.itemId)));
    const [starters, second] = opened.categories;
    const removed = starters.items.pop();
    starters.items.unshift({
      title: 'Crispy Tofu',
      description: 'With chilli salt.',
      extendedDescription: '',
      price: 6.5,
      allergens: ['soya'],
      dietary: ['vegan'],
      highlighted: false,
      available: true,
      options: [{ label: 'Extra chilli', extraCost: 0.2 }],
    });
    second.hidden = true;
    const saved = await saveDraft(opened.revision, opened.categories);
    expect(saved.status).toBe(200);
    const published = await publish(saved.body.data.revision);
    expect(published.status).toBe(200);

    const menu = await customersMenu();
    const tofu = menu.categories[0].items[0];
    expect(tofu).toMatchObject({ title: 'Crispy Tofu', itemCost: 6.5, configItems: [{ configItem: 'Extra chilli', extraCost: 0.2, available: true }] });
    expect(tofu.itemId).toBeGreaterThan(highestItemId);
    expect(dishOf(menu, removed.itemId)).toBeUndefined();
    expect(menu.categories.map((category: any) => category.categoryId)).not.toContain(second.categoryId);
    // Still the owner's to show again.
    expect((await managedMenu()).categories[1]).toMatchObject({ categoryId: second.categoryId, hidden: true });

    const gone = await pricedBasket([line(removed.itemId)], menu.menuVersion);
    expect(gone.updated.status).toBe(400);
    expect(gone.updated.body.validationErrors).toEqual([{ field: 'orderItems[0].itemId', message: 'is not on the menu' }]);
    const audit = await auditSummaries('menu');
    expect(audit).toEqual(expect.arrayContaining([`Removed ${removed.title}`, 'Added Crispy Tofu (£6.50) to Starters', `Hid ${second.name} from customers`]));
  });

  it('refuses every field that breaks a rule, by its path, and writes nothing', async () => {
    const opened = await managedMenu();
    const [first] = opened.categories;
    first.name = ' ';
    first.items[0].title = '';
    first.items[0].price = 8.999;
    first.items[1].options = [{ label: '', extraCost: 0 }];
    first.items[2].itemId = 999_999;
    const refused = await saveDraft(opened.revision, opened.categories);
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'categories[0].name', message: 'Give the category a name' },
        { field: 'categories[0].items[0].title', message: 'Give the dish a title' },
        { field: 'categories[0].items[0].price', message: 'must be in pounds and pence (two decimals at most)' },
        { field: 'categories[0].items[1].options[0].label', message: "Give the option a name, for example 'Chicken'" },
        { field: 'categories[0].items[2].itemId', message: 'is not a published dish' },
      ]),
    );
    const unchanged = await managedMenu();
    expect(unchanged).toMatchObject({ revision: opened.revision, hasDraft: false });

    const tooDear = await saveDraft(opened.revision, [{ ...first, name: 'Starters', items: [{ ...first.items[0], title: 'Gold Leaf Duck', price: 600 }] }]);
    expect(tooDear.status).toBe(400);
    expect(tooDear.body.validationErrors).toEqual([{ field: 'categories[0].items[0].price', message: 'must be at most 500' }]);
  });

  it("publishes a dish's menu number and Chinese name, which the customers' menu carries", async () => {
    const opened = await managedMenu();
    const dish = dishOf(opened, 109);
    expect(dish).toMatchObject({ menuNumber: '9', chineseName: '双人什锦拼盘', chineseScript: 'zh-Hans' });
    dish.menuNumber = '109a';
    dish.chineseName = '雙人什錦拼盤';
    dish.chineseScript = 'zh-Hant';
    const plain = dishOf(opened, 101);
    delete plain.menuNumber;
    delete plain.chineseName;
    delete plain.chineseScript;
    const saved = await saveDraft(opened.revision, opened.categories);
    expect(saved.status).toBe(200);
    expect(saved.body.data.unpublishedChanges).toEqual(
      expect.arrayContaining(['Number of Mixed Starter for Two 9 → 109a', 'Chinese name of Mixed Starter for Two 双人什锦拼盘 → 雙人什錦拼盤', 'Number of Prawn Crackers 1 → none']),
    );
    expect(dishOf(await customersMenu(), 109).chineseName).toBe('双人什锦拼盘');

    expect((await publish(saved.body.data.revision)).status).toBe(200);
    const menu = await customersMenu();
    expect(dishOf(menu, 109)).toMatchObject({ menuNumber: '109a', chineseName: '雙人什錦拼盤', chineseScript: 'zh-Hant' });
    expect(dishOf(menu, 101)).not.toHaveProperty('menuNumber');
    expect(dishOf(menu, 101)).not.toHaveProperty('chineseName');
    expect(dishOf(await managedMenu(), 109)).toMatchObject({ menuNumber: '109a', chineseName: '雙人什錦拼盤', chineseScript: 'zh-Hant' });

  });

  it('refuses a bad menu number or Chinese name, and a number two dishes share, at the field, and writes nothing', async () => {
    const opened = await managedMenu();
    const [first] = opened.categories;
    const bad = async (change: (items: any[]) => void, expected: { field: string; message: string }[]) => {
      const categories = structuredClone(opened.categories);
      change(categories[0].items);
      const refused = await saveDraft(opened.revision, categories);
      expect(refused.status).toBe(400);
      expect(refused.body.validationErrors).toEqual(expected);
    };
    await bad((items) => (items[0].menuNumber = '5-4'), [{ field: 'categories[0].items[0].menuNumber', message: "must be digits with an optional letter, for example '54' or '54a'" }]);
    await bad((items) => (items[0].menuNumber = '1234567'), expect.arrayContaining([{ field: 'categories[0].items[0].menuNumber', message: 'must be at most 6 characters' }]) as any);
    await bad((items) => (items[0].chineseName = '咕'.repeat(41)), [{ field: 'categories[0].items[0].chineseName', message: 'must be at most 40 characters' }]);
    await bad((items) => (items[0].chineseScript = 'ja'), [{ field: 'categories[0].items[0].chineseScript', message: 'must be one of "zh-Hans", "zh-Hant"' }]);
    const shared = (items: any[]) => {
      items[0].menuNumber = '900';
      items[1].menuNumber = '900';
    };
    await bad(shared, [{ field: 'categories[0].items[1].menuNumber', message: `is the number of ${first.items[0].title}` }]);
    const later = structuredClone(opened.categories);
    later[0].items[2].menuNumber = '901A';
    later[3].items[0].menuNumber = '901a';
    const duplicate = await saveDraft(opened.revision, later);
    expect(duplicate.body.validationErrors).toEqual([{ field: 'categories[3].items[0].menuNumber', message: `is the number of ${first.items[2].title}` }]);

    expect(await managedMenu()).toMatchObject({ revision: opened.revision, hasDraft: opened.hasDraft });
  });

  it('tells the second of two saves from the same revision that someone else changed it, and discards a draft', async () => {
    const opened = await managedMenu();
    const [first, second] = await Promise.all([saveDraft(opened.revision, opened.categories), saveDraft(opened.revision, opened.categories)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.status === 409)!.body.errorMessage).toBe(CHANGED_SINCE_OPENED_MESSAGE);

    const drafted = await managedMenu();
    expect(drafted).toMatchObject({ hasDraft: true, differsFromPublished: false, revision: opened.revision + 1 });
    const discarded = await ordering.post('/manage/menu/discard', { revision: drafted.revision }, ownerToken);
    expect(discarded.status).toBe(200);
    expect(discarded.body.data).toMatchObject({ hasDraft: false, revision: drafted.revision + 1 });
    const nothing = await publish(discarded.body.data.revision);
    expect(nothing.status).toBe(400);
    expect(nothing.body.errorMessage).toBe(NO_DRAFT_MESSAGE);
    expect(await auditSummaries('menu')).toContain('Discarded the draft of the menu');
  });
});

describe('sold out today', () => {
  const markSoldOut = (body: unknown, token = kitchenToken) => ordering.post('/kitchen/soldOut', body, token);

  it('makes a dish unavailable at once without a new menu version, refused at update and confirm, back on the next opening day', async () => {
    const { menuVersion } = await customersMenu();
    const before = await pricedBasket([line(104)], menuVersion);
    expect(before.updated.status).toBe(200);

    const marked = await markSoldOut({ itemId: 104, soldOut: true });
    expect(marked.status).toBe(200);
    // Tuesday 18:00: the restaurant opens next on Wednesday at 17:00 London time (GMT in November).
    expect(marked.body.data.soldOut).toEqual([{ itemId: 104, title: 'Chicken Satay Skewers (4)', until: '2026-11-25T17:00:00.000Z' }]);
    const menu = await customersMenu();
    expect(menu.menuVersion).toBe(menuVersion);
    expect(dishOf(menu, 104).available).toBe(false);

    const refusedUpdate = await pricedBasket([line(104)], menuVersion);
    expect(refusedUpdate.updated.status).toBe(400);
    expect(refusedUpdate.updated.body.validationErrors).toEqual([{ field: 'orderItems[0].itemId', message: 'Chicken Satay Skewers (4) is not available at the moment' }]);
    const refusedConfirm = await ordering.post('/orderbuilder/confirm', { basketId: before.basketId });
    expect(refusedConfirm.status).toBe(400);
    expect(refusedConfirm.body.errorMessage).toBe('Sorry, Chicken Satay Skewers (4) is sold out today: please remove it from your basket');

    // Still sold out at the end of the evening and on Wednesday morning; back when Wednesday's service starts.
    ordering.now = new Date('2026-11-25T16:59:00Z');
    expect(dishOf(await customersMenu(), 104).available).toBe(false);
    ordering.now = new Date('2026-11-25T17:00:00Z');
    expect(dishOf(await customersMenu(), 104).available).toBe(true);
    expect((await ordering.call('/kitchen/soldOut', { token: kitchenToken })).body.data.soldOut).toEqual([]);
    const again = await pricedBasket([line(104), line(109)], menuVersion);
    expect(again.updated.status).toBe(200);
    expect((await ordering.post('/orderbuilder/confirm', { basketId: again.basketId })).body).toMatchObject({ data: { orderRef: expect.any(String) } });

    expect(await auditSummaries('sold-out')).toContain('Chicken Satay Skewers (4) sold out until Wed 25 Nov, 17:00');
  });

  it('sells out one option of a dish, and the owner may put it back on sale', async () => {
    const { menuVersion } = await customersMenu();
    const marked = await markSoldOut({ itemId: 101, configId: 1012, soldOut: true }, ownerToken);
    expect(marked.status).toBe(200);
    const crackers = dishOf(await customersMenu(), 101);
    expect(crackers.available).toBe(true);
    expect(crackers.configItems.map((option: any) => [option.configId, option.available])).toEqual([[1011, true], [1012, false]]);

    const refused = await pricedBasket([line(101, 1012)], menuVersion);
    expect(refused.updated.body.validationErrors).toEqual([{ field: 'orderItems[0].configId', message: 'Prawn Crackers (Large bag) is not available at the moment' }]);
    expect((await pricedBasket([line(101, 1011)], menuVersion)).updated.status).toBe(200);

    const back = await markSoldOut({ itemId: 101, configId: 1012, soldOut: false }, ownerToken);
    expect(back.body.data.soldOut.filter((entry: { itemId: number }) => entry.itemId === 101)).toEqual([]);
    expect(dishOf(await customersMenu(), 101).configItems[1].available).toBe(true);
    expect(await auditSummaries('sold-out')).toContain('Prawn Crackers (Large bag) back on sale');
  });

  it('refuses a customer, and a dish or option the menu does not have', async () => {
    expect((await markSoldOut({ itemId: 104, soldOut: true }, await ordering.customerToken())).status).toBe(403);
    const unknownDish = await markSoldOut({ itemId: 999_999, soldOut: true });
    expect(unknownDish.status).toBe(400);
    expect(unknownDish.body.validationErrors).toEqual([{ field: 'itemId', message: 'is not a dish on the menu' }]);
    const unknownOption = await markSoldOut({ itemId: 104, configId: 1012, soldOut: true });
    expect(unknownOption.body.validationErrors).toEqual([{ field: 'configId', message: 'is not an option of this dish' }]);
  });
});
