import { expect, test, type Page } from '@playwright/test';
import { RESTAURANT_NAME, waitForHydration, waitForShell } from './shellSupport';

// A first load finds what it needs in the HTML the server wrote (src/domain/bootData.ts) instead of calling for it.

/** The API calls the page makes from now on, by path. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

test('a start at /order draws the menu without calling for it or for the core data', async ({ page }) => {
  const calls = apiCalls(page);
  await page.goto('/order');
  await waitForShell(page);
  await expect(page.getByRole('button', { name: 'Add Crispy Seaweed to order' })).toBeVisible();
  expect(calls.filter((path) => path.startsWith('/api/menu/') || path.startsWith('/api/restaurant/'))).toEqual([]);
});

test('the menu a start at /order brought is used once: coming back later asks for the menu again', async ({ page }) => {
  const calls = apiCalls(page);
  await page.goto('/order');
  await expect(page.getByRole('button', { name: 'Add Crispy Seaweed to order' })).toBeVisible();
  // Moving within the app: a link tapped before hydration loads its page afresh, with the menu in it again.
  await waitForHydration(page);
  await page.getByRole('link', { name: `${RESTAURANT_NAME} home` }).click();
  await expect(page.getByRole('heading', { level: 1, name: RESTAURANT_NAME })).toBeVisible();
  await page.getByRole('link', { name: 'Take Away' }).first().click();
  await expect(page.getByRole('button', { name: 'Add Crispy Seaweed to order' })).toBeVisible();
  expect(calls.filter((path) => path.startsWith('/api/menu/'))).toEqual(['/api/menu/getMenu/1']);
});
