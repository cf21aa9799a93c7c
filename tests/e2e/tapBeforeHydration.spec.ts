import { expect, test, type Page } from '@playwright/test';
import { holdTheAppBack, waitForHydration } from './shellSupport';

// A visitor on a slow phone taps the server's page as soon as it is drawn, before the app has hydrated it
// (docs/first-paint.md): every tap does what it would on the hydrated page, once; a link goes where it points at once.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Lighthouse's phone: the CPU slowed 4×. */
async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

const isHydrated = (page: Page) => page.evaluate(() => performance.getEntriesByName('app:hydrated').length > 0);
const firstAdd = (page: Page) => page.getByRole('button', { name: /^Add .+ to order$/ }).first();
const basketBar = (page: Page, items: string) => page.getByRole('link', { name: new RegExp(`^View basket \\(${items}\\)`) });
const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mobileMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

/** Waits for the app and a while after, then says whether the basket the device keeps has `items` (a reload shows it). */
async function expectBasketKept(page: Page, items: string): Promise<void> {
  await waitForHydration(page);
  await page.waitForTimeout(1500);
  await expect(basketBar(page, items)).toBeVisible();
  await page.reload();
  await expect(basketBar(page, items)).toBeVisible();
}

test('CPU 4×: Add tapped on /order the moment it is drawn adds the dish once', async ({ page }) => {
  await slowPhone(page);
  await page.goto('/order', { waitUntil: 'commit' });
  await firstAdd(page).tap();
  await expect(basketBar(page, '1 item')).toBeVisible();
  await expectBasketKept(page, '1 item');
});

test('CPU 4×: the menu button tapped on / the moment it is drawn opens the menu, once', async ({ page }) => {
  await slowPhone(page);
  await page.goto('/', { waitUntil: 'commit' });
  await menuButton(page).tap();
  await expect(mobileMenu(page)).toBeVisible();
  await waitForHydration(page);
  await page.waitForTimeout(1500);
  // A second toggle would have closed it again.
  await expect(mobileMenu(page)).toBeVisible();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
});

test('CPU 4×: taps on three dishes in quick succession from the first paint on all land in the basket', async ({ page }) => {
  await slowPhone(page);
  await page.goto('/order', { waitUntil: 'commit' });
  const adds = page.getByRole('button', { name: /^Add .+ to order$/ });
  for (const index of [0, 1, 2]) {
    await adds.nth(index).tap();
    await page.waitForTimeout(150);
  }
  await expect(basketBar(page, '3 items')).toBeVisible();
  await expectBasketKept(page, '3 items');
});

test('Add and the menu button tapped before any of the app has run do what they do once it has', async ({ page }) => {
  const letTheAppThrough = await holdTheAppBack(page);
  // The app's module scripts held, the page never reaches its load event.
  await page.goto('/order', { waitUntil: 'commit' });
  await firstAdd(page).tap();
  await menuButton(page).tap();
  expect(await isHydrated(page)).toBe(false);
  await expect(basketBar(page, '1 item')).toHaveCount(0);
  letTheAppThrough();
  await expect(basketBar(page, '1 item')).toBeVisible();
  await expect(mobileMenu(page)).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
  await expectBasketKept(page, '1 item');
});

test('a link tapped before the app has run goes where it points', async ({ page }) => {
  const letTheAppThrough = await holdTheAppBack(page);
  await page.goto('/', { waitUntil: 'commit' });
  const link = page.getByRole('link', { name: 'Order a takeaway' });
  await expect(link).toBeVisible();
  expect(await isHydrated(page)).toBe(false);
  await link.tap();
  // A page load of its own, whose scripts are held too: it never reaches its load event until they are let through.
  await page.waitForURL((url) => url.pathname === '/order', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Add items to your order' })).toBeVisible();
  letTheAppThrough();
  await waitForHydration(page);
});

test('a visitor who scrolled the menu before the app has run stays where they scrolled once it has', async ({ page }) => {
  const letTheAppThrough = await holdTheAppBack(page);
  await page.goto('/order', { waitUntil: 'commit' });
  const dish = page.getByRole('button', { name: /^Add .+ to order$/ }).nth(6);
  await dish.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(500);
  letTheAppThrough();
  await waitForHydration(page);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  await expect(dish).toBeInViewport();
});
