import { expect, test, type Page } from '@playwright/test';
import { changeCoreData, waitForShell } from './shellSupport';

const SPLASH_HEADING = 'This page is not on our menu';

/** The browser meets a restaurant whose online ordering is switched off in the takeaway settings. */
async function switchOrderingOff(page: Page): Promise<void> {
  await changeCoreData(page, (restaurantData) => {
    restaurantData.takeawaySettings.allowOrdering = false;
  });
}

test('with ordering switched off, /order says so and how to order by phone', async ({ page }) => {
  await switchOrderingOff(page);
  await page.goto('/order');
  await waitForShell(page);
  await expect(page.getByText('Online ordering is unavailable at the moment.')).toBeVisible();
  await expect(page.getByRole('link', { name: '0113 496 0123' })).toHaveAttribute('href', 'tel:01134960123');
  await expect(page.getByRole('button', { name: /^Add .* to order$/ })).toHaveCount(0);
});

for (const path of ['/basket', '/delivery', '/orderTime', '/checkout', '/restaurant-confirmation', '/confirmation']) {
  test(`with ordering switched off, ${path} shows the splash`, async ({ page }) => {
    await switchOrderingOff(page);
    await page.goto(path);
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: SPLASH_HEADING })).toBeVisible();
  });
}

test('with ordering switched on, the ordering routes exist', async ({ page }) => {
  await page.goto('/basket');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: SPLASH_HEADING })).toHaveCount(0);
});
