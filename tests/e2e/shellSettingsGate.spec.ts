import { expect, test, type Page } from '@playwright/test';
import { coreDataNotInPage, RESTAURANT_NAME, waitForShell } from './shellSupport';

test('starting on a public path waits for the restaurant settings, then shows that path', async ({ page }) => {
  let releaseCoreData: () => void = () => undefined;
  const coreDataHeld = new Promise<void>((resolve) => (releaseCoreData = resolve));
  await coreDataNotInPage(page);
  await page.route('**/api/restaurant/coreRestaurantData', async (route) => {
    await coreDataHeld;
    await route.fallback();
  });
  await page.goto('/gallery');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  releaseCoreData();
  await waitForShell(page);
  await expect(page).toHaveURL((url) => url.pathname === '/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
});

for (const path of ['/order-cancelled', '/order-cancel-error']) {
  test(`starting on ${path}, which is not on SPEC's public list, checks the settings using / and lands there`, async ({ page }) => {
    await page.goto(path);
    await waitForShell(page);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1, name: RESTAURANT_NAME })).toBeVisible();
  });
}

test('a start on an account page stays there: signed out, the account guard sends the visitor to sign in and back', async ({ page }) => {
  await page.goto('/confirmAccount');
  await waitForShell(page);
  await expect(page).toHaveURL((url) => url.pathname === '/confirmAccount');
  await page.goto('/vouchers');
  await waitForShell(page);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/vouchers');
});

/** Visits the footer's pages in the app and answers how many times it asked for the core data. */
async function coreDataCallsOverFourPages(page: Page): Promise<number> {
  let coreDataCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/restaurant/coreRestaurantData')) coreDataCalls += 1;
  });
  await page.goto('/');
  await waitForShell(page);
  for (const name of ['Privacy', 'Terms', 'Cookies', 'About Us']) {
    await page.getByRole('contentinfo').getByRole('link', { name }).click();
    await expect(page.getByRole('contentinfo').getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  return coreDataCalls;
}

test('the core data the page brought is not asked for again, however many pages are visited', async ({ page }) => {
  expect(await coreDataCallsOverFourPages(page)).toBe(0);
});

test('the core data is fetched once when the page did not bring it, however many pages are visited', async ({ page }) => {
  await coreDataNotInPage(page);
  expect(await coreDataCallsOverFourPages(page)).toBe(1);
});
