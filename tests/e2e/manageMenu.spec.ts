import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { forkClockedServer, type ClockedServer } from './clockedServerProcess';
import { openDashboard } from './kitchenSupport';
import { openBackOffice } from './manageSupport';

// The owner's menu editor and "sold out today" (docs/back-office.md) as people use them, each in a browser of their
// own. Both change what every customer sees, so this file forks a server of its own (clockedServer.ts) rather than
// the shared e2e server that other specs order from.

let server: ClockedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await forkClockedServer();
});

test.afterAll(async () => {
  await server.stop();
});

/** A page in a browser context of its own on this file's server: another person, on another device. */
async function personOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

const dishOnMenu = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

test('the owner changes a dish’s price and allergens and publishes: a customer elsewhere sees both', async ({ browser }) => {
  // Several people's pages on a server of its own: slow when the whole suite shares the machine.
  test.slow();
  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/menu');
  await expect(owner.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();

  await owner.getByRole('button', { name: 'Edit Mixed Starter for Two' }).click();
  const dish = owner.getByRole('dialog', { name: 'Edit Mixed Starter for Two' });
  await dish.getByRole('textbox', { name: 'Price' }).fill('14.50');
  await dish.getByRole('checkbox', { name: 'Lupin' }).check();
  await dish.getByRole('button', { name: 'Done' }).click();

  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  const review = owner.getByRole('dialog', { name: 'Publish the menu?' });
  await expect(review.getByRole('list', { name: 'What will change' })).toContainText('Price of Mixed Starter for Two £13.90 → £14.50');
  await expect(review.getByRole('list', { name: 'What will change' })).toContainText('Allergens of Mixed Starter for Two: added lupin');
  await review.getByRole('button', { name: 'Publish now' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Published: customers now see menu version 2.' })).toBeVisible();

  const customer = await personOn(browser);
  await customer.goto('/order');
  const starter = dishOnMenu(customer, 'Mixed Starter for Two');
  await expect(starter).toContainText('£14.50');
  await expect(starter).toContainText('Lupin');
});

test('the kitchen marks a dish sold out from the dashboard: the customer’s menu shows it unavailable', async ({ browser }) => {
  // Several people's pages on a server of its own: slow when the whole suite shares the machine.
  test.slow();
  const customer = await personOn(browser);
  await customer.goto('/order');
  await expect(dishOnMenu(customer, 'Chicken Satay Skewers (4)').getByRole('button', { name: 'Add Chicken Satay Skewers (4) to order' })).toBeVisible();

  const kitchen = await personOn(browser);
  await openDashboard(kitchen);
  await kitchen.getByRole('button', { name: 'Sold out today' }).click();
  const soldOut = kitchen.getByRole('dialog', { name: 'Sold out today' });
  const satay = soldOut.getByRole('switch', { name: 'Chicken Satay Skewers (4)', exact: true });
  await satay.click();
  await expect(satay).toBeChecked();
  await expect(soldOut).toContainText('Sold out until');

  await customer.reload();
  await expect(dishOnMenu(customer, 'Chicken Satay Skewers (4)')).toContainText('Not available at the moment');
  await expect(dishOnMenu(customer, 'Chicken Satay Skewers (4)').getByRole('button', { name: 'Add Chicken Satay Skewers (4) to order' })).toHaveCount(0);
});

/** The left edges of a set of buttons, rounded to the pixel, read at once (one by one, role queries over every row are slow). */
const leftEdges = (buttons: Locator): Promise<number[]> => buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().x)));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
]) {
  test(`at ${viewport.width} px the rows' buttons line up, and "Published" shows where the owner is, scrolled down`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const owner = await context.newPage();
    await openBackOffice(owner, '/manage/menu');
    await expect(owner.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();

    // Every dish's four buttons in the same four columns down the page; a category's three under its dishes' last three.
    const edits = owner.getByRole('button', { name: /^Edit / });
    await expect(edits.first()).toBeVisible();
    const columns = await Promise.all(['Edit', 'Move up', 'Move down', 'Remove'].map((label) => leftEdges(owner.getByRole('listitem').getByRole('button', { name: new RegExp(`^${label} `) }))));
    expect(columns[0]!.length).toBeGreaterThan(10);
    for (const column of columns) {
      expect(column).toHaveLength(columns[0]!.length);
      expect(new Set(column).size, `one column: ${column.join(', ')}`).toBe(1);
    }
    expect(columns[0]![0]).toBeLessThan(columns[1]![0]!);
    const sections = owner.getByRole('region').filter({ has: owner.getByRole('checkbox', { name: 'Hidden from customers' }) });
    for (const [label, column] of [
      ['Move up', 1],
      ['Move down', 2],
      ['Remove category', 3],
    ] as const) {
      const categoryEdges = await leftEdges(sections.getByRole('button', { name: new RegExp(`^${label} `) }));
      expect(new Set(categoryEdges), `${label} of every category under the dishes' column`).toEqual(new Set([columns[column]![0]]));
    }

    // The owner edits the last dish, far down the page, and publishes from there.
    const lastEdit = edits.last();
    const dishTitle = ((await lastEdit.textContent()) ?? '').replace(/^Edit /, '');
    await lastEdit.scrollIntoViewIfNeeded();
    await lastEdit.click();
    const dish = owner.getByRole('dialog', { name: `Edit ${dishTitle}` });
    const price = dish.getByRole('textbox', { name: 'Price' });
    // The field shows "£1.50": ten pence more.
    await price.fill((Number((await price.inputValue()).replace('£', '')) + 0.1).toFixed(2));
    await dish.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => owner.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await owner.getByRole('button', { name: 'Publish', exact: true }).click();
    const review = owner.getByRole('dialog', { name: 'Publish the menu?' });
    await expect(review.getByRole('list', { name: 'What will change' })).toContainText(`Price of ${dishTitle}`);
    await review.getByRole('button', { name: 'Publish now' }).click();
    const published = owner.getByRole('status').filter({ hasText: /^Published: customers now see menu version \d+\.$/ });
    await expect(published).toBeVisible();
    await expect(published).toBeInViewport({ ratio: 1 });
    expect(await owner.evaluate(() => window.scrollY), 'the page stays where the owner was').toBeGreaterThan(1000);
    await context.close();
  });
}
