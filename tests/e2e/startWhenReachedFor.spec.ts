import { expect, test, type Page } from '@playwright/test';
import { holdTheAppBack } from './shellSupport';

// A first-time visitor's prerendered page is theirs as served: it reads and links without the app, whose scripts run
// only once the visitor reaches for the page (src/start/start-after-paint.js, docs/first-paint.md). What they did before
// the app was live is done again on the app's page: the taps, the focus, what they typed.

const appScripts = (page: Page) => page.locator('script[type="module"]');
const servedRoot = (page: Page) => page.locator('#root[data-prerendered]');

/** The app's scripts are in the browser's cache once the page has been painted and has loaded: nothing waits on them but the visitor. */
async function expectServedPageWaiting(page: Page): Promise<void> {
  await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached();
  await expect(appScripts(page)).toHaveCount(0);
  await expect(servedRoot(page)).toBeAttached();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
}

test('a first-time visitor reads the served menu before any of the app has run, and their first tap adds the dish', async ({ page }) => {
  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Add items to your order' })).toBeVisible();
  await expectServedPageWaiting(page);

  const firstDish = page.getByRole('button', { name: /^Add .+ to order$/ }).first();
  const dishName = /^Add (.+) to order$/.exec((await firstDish.getAttribute('aria-label')) ?? '')?.[1];
  expect(dishName).toBeTruthy();
  await firstDish.click();

  await expect(page.getByRole('link', { name: /^View basket \(1 item\)/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`Added ${dishName}`))).toBeAttached();
  await expect(servedRoot(page)).toHaveCount(0);
});

/** Presses the first dish's Add on the served page and releases the pointer once the app's page has replaced it. */
async function pressWhileTheAppTakesOver(page: Page, releaseAt?: { x: number; y: number }): Promise<void> {
  const letTheAppThrough = await holdTheAppBack(page);
  await page.goto('/order');
  const firstDish = page.getByRole('button', { name: /^Add .+ to order$/ }).first();
  await firstDish.click();
  await firstDish.hover();
  await page.mouse.down();
  letTheAppThrough();
  await expect(servedRoot(page)).toHaveCount(0);
  if (releaseAt) await page.mouse.move(releaseAt.x, releaseAt.y);
  await page.mouse.up();
}

test('a tap pressed on the served page and released on the app\'s adds the dish, once', async ({ page }) => {
  await pressWhileTheAppTakesOver(page);
  await expect(page.getByRole('link', { name: /^View basket \(2 items\)/ })).toBeVisible();
  // The basket the device keeps has it once: nothing added again later.
  await page.reload();
  await expect(page.getByRole('link', { name: /^View basket \(2 items\)/ })).toBeVisible();
});

test('a press on the served page released away from the button is no tap, as without the app', async ({ page }) => {
  await pressWhileTheAppTakesOver(page, { x: 5, y: 5 });
  await expect(page.getByRole('link', { name: /^View basket \(1 item\)/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: /^View basket \(1 item\)/ })).toBeVisible();
});

test('a held tap finds its element when the app draws something above it that the served page did not have', async ({ page }) => {
  await page.route('**/order', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<div id="root" data-prerendered[^>]*>)/, '$1<p>Drawn by the server alone</p>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/order');
  await expectServedPageWaiting(page);
  await page.getByRole('button', { name: /^Add .+ to order$/ }).nth(1).click();
  await expect(page.getByRole('link', { name: /^View basket \(1 item\)/ })).toBeVisible();
});

test('a held tap on a link moves within the app, so focus lands on the new page\'s heading', async ({ page }) => {
  await page.goto('/');
  await expectServedPageWaiting(page);
  await page.getByRole('link', { name: 'Gallery' }).first().click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('a keyboard user keeps their place: the control they moved to is still focused on the app\'s page', async ({ page }) => {
  await page.goto('/');
  await expectServedPageWaiting(page);
  await page.keyboard.press('Tab');
  const focusedText = await page.evaluate(() => document.activeElement?.textContent);
  expect(focusedText).toBeTruthy();
  await expect(servedRoot(page)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(focusedText);
  expect(await page.evaluate(() => document.activeElement?.closest('#root') !== null)).toBe(true);
});

test('what a visitor typed before the app was live is in the app\'s field', async ({ page }) => {
  await page.goto('/booking');
  await expectServedPageWaiting(page);
  const name = page.getByRole('textbox', { name: /name/i }).first();
  await name.fill('Ada Lovelace');
  await expect(servedRoot(page)).toHaveCount(0);
  await expect(name).toHaveValue('Ada Lovelace');
});

/** Whether the root was inert once the page's deferred scripts (start-after-paint.js among them) had run. */
async function noteRootInertWhenParsed(page: Page): Promise<void> {
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.dataset.rootInertWhenParsed = String(document.getElementById('root')?.hasAttribute('inert'));
    }),
  );
}

test('a first-time visitor is given the served page as soon as it is parsed', async ({ page }) => {
  await noteRootInertWhenParsed(page);
  await page.goto('/restaurant');
  await expect(page.locator('html')).toHaveAttribute('data-root-inert-when-parsed', 'false');
  await expectServedPageWaiting(page);
});

test('an address with a query gets the app at once', async ({ page }) => {
  await noteRootInertWhenParsed(page);
  await page.goto('/order?dish=1');
  await expect(page.locator('html')).toHaveAttribute('data-root-inert-when-parsed', 'true');
  await expect(servedRoot(page)).toHaveCount(0);
});

test('a device that keeps something of the site gets the app at once, its served page inert until then', async ({ page }) => {
  await noteRootInertWhenParsed(page);
  await page.addInitScript(() => window.localStorage.setItem('visited-before', 'yes'));
  await page.goto('/order');
  await expect(page.locator('html')).toHaveAttribute('data-root-inert-when-parsed', 'true');
  await expect(servedRoot(page)).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1, name: 'Add items to your order' })).toBeVisible();
});
