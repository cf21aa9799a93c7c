import { expect, test, type Page } from '@playwright/test';
import { addDishes, openBasket } from './orderSupport';
import { waitForShell } from './shellSupport';

// A deploy replaces the build's chunks, whose names are their contents' hashes: a page opened before it asks for chunks
// that are gone (src/domain/newBuildReload.ts). Here the server answers 404 for one chunk, as it does after a deploy.

/** Answers 404 for the chunks whose names match while `gone()` says so, then serves them. */
async function goneAfterDeploy(page: Page, chunk: RegExp, gone: () => boolean): Promise<void> {
  await page.route(chunk, (route) => (gone() ? route.fulfill({ status: 404, body: 'Not Found' }) : route.fallback()));
}

/** The page's documents loaded from now on: the first, and each reload. */
function countDocuments(page: Page): () => number {
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents += 1;
  });
  return () => documents;
}

const navigationType = (page: Page) => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type);

test('a page open before a deploy reloads when the next step\'s chunk is gone, and keeps the basket', async ({ page }) => {
  await addDishes(page, ['Crispy Seaweed']);
  // The journey's statechart is loaded when the first step after the menu opens.
  const documents = countDocuments(page);
  await goneAfterDeploy(page, /\/assets\/orderJourney-[^/]*\.js$/, () => documents() === 0);
  await openBasket(page, 1);
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await expect(page.getByText('Crispy Seaweed')).toBeVisible();
  expect(documents()).toBe(1);
  expect(await navigationType(page)).toBe('reload');
});

test("a page whose own script is gone (a rolling upgrade's other server) reloads and starts", async ({ page }) => {
  const documents = countDocuments(page);
  // Gone for everything the first page asks, there again for the reloaded one.
  await goneAfterDeploy(page, /\/assets\/react-[^/]*\.js$/, () => documents() === 1);
  await page.goto('/order');
  await waitForShell(page);
  await expect(page.getByRole('button', { name: 'Add Crispy Seaweed to order' })).toBeEnabled();
  expect(documents()).toBe(2);
  expect(await navigationType(page)).toBe('reload');
});

test('a chunk that stays missing reloads the page once, not again and again', async ({ page }) => {
  const documents = countDocuments(page);
  await goneAfterDeploy(page, /\/assets\/react-[^/]*\.js$/, () => true);
  await page.goto('/order');
  await expect.poll(documents).toBe(2);
  // Long enough for a third load to have started had the page reloaded again on the second failure.
  await page.waitForTimeout(2_000);
  expect(documents()).toBe(2);
  // The served page is still there to read: the menu is in its HTML.
  await expect(page.getByRole('heading', { level: 1, name: 'Add items to your order' })).toBeVisible();
});

test("another site's file that fails to load (an ad blocker's refusal) reloads nothing; the site's own does", async ({ page }) => {
  await page.goto('/order');
  await waitForShell(page);
  const documents = countDocuments(page);
  const linkStylesheet = (href: string) =>
    page.evaluate((stylesheet) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = stylesheet;
      document.head.append(link);
    }, href);
  await page.route('https://fonts.example.com/**', (route) => route.abort('blockedbyclient'));
  await linkStylesheet('https://fonts.example.com/dishes.css');
  await page.waitForTimeout(1_500);
  expect(documents()).toBe(0);
  await linkStylesheet('/assets/gone-after-deploy.css');
  await expect.poll(documents).toBe(1);
});
