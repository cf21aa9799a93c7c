import { expect, test } from '@playwright/test';
import { changeBootData, coreDataNotInPage, RESTAURANT_NAME, waitForShell } from './shellSupport';

const SORRY_HEADING = 'Sorry, something went wrong';

test('when the core data cannot be loaded the site goes to /sorry, replacing the page asked for', async ({ page }) => {
  await coreDataNotInPage(page);
  await page.route('**/api/restaurant/coreRestaurantData', (route) => route.abort('connectionrefused'));
  await page.goto('/order');
  await expect(page).toHaveURL((url) => url.pathname === '/sorry');
  await expect(page.getByRole('heading', { level: 1, name: SORRY_HEADING })).toBeVisible();
  await expect(page).toHaveTitle(SORRY_HEADING);
  // Replaced, not pushed: the tab's history is the blank start page and /sorry, with no /order entry to go back to.
  expect(await page.evaluate(() => window.history.length)).toBe(2);
});

test('a server error on the core data also goes to /sorry, and trying again recovers once the API answers', async ({ page }) => {
  let failing = true;
  await coreDataNotInPage(page);
  await page.route('**/api/restaurant/coreRestaurantData', (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Database unavailable' }) : route.fallback(),
  );
  await page.goto('/privacy');
  await expect(page).toHaveURL((url) => url.pathname === '/sorry');
  await expect(page.getByRole('heading', { level: 1, name: SORRY_HEADING })).toBeVisible();

  failing = false;
  await page.getByRole('link', { name: 'Try again' }).click();
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: RESTAURANT_NAME })).toBeVisible();
});

test('a page that fails to render goes to /sorry, replacing itself', async ({ page }) => {
  // The API answers the privacy page in a shape the screen cannot draw: a render error, not a failed call.
  await page.route('**/api/pagedata/page/privacy', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { pageName: 'privacy', title: 'Privacy', rows: [{ row: 1 }] } }) }),
  );
  await page.goto('/');
  await waitForShell(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/sorry');
  await expect(page.getByRole('heading', { level: 1, name: SORRY_HEADING })).toBeVisible();
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | ${SORRY_HEADING}`);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a failed content call is shown with the SPEC message and can be retried', async ({ page }) => {
  let failing = true;
  // Served without the page, as when the server could not read it, so that the app calls for it.
  await changeBootData(page, (boot) => {
    delete boot.pages;
  });
  await page.route('**/api/pagedata/page/terms', (route) => (failing ? route.abort('connectionrefused') : route.fallback()));
  await page.goto('/terms');
  await expect(page.getByRole('alert')).toContainText('The service is temporarily unavailable');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
