import { expect, test, type Page } from '@playwright/test';
import { placeCollectionOrder } from './orderSupport';
import { waitForShell } from './shellSupport';

/**
 * Every main heading the page draws, with the path it was drawn at, from the document's first parse: a page that
 * redirects after it rendered (an effect) leaves its heading here under its own path.
 */
async function recordHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { path: string; heading: string }[] = [];
    (window as unknown as { headingsDrawn: typeof seen }).headingsDrawn = seen;
    const note = () => {
      for (const heading of document.querySelectorAll('h1')) {
        const entry = { path: window.location.pathname, heading: heading.textContent ?? '' };
        if (!seen.some((earlier) => earlier.path === entry.path && earlier.heading === entry.heading)) seen.push(entry);
      }
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Opens `path` as a first load and answers the path it lands on, checking that no other page was drawn on the way. */
async function firstLoad(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await waitForShell(page);
  // Whatever the journey router does next has had its chance.
  await page.waitForTimeout(500);
  const landed = new URL(page.url()).pathname;
  const drawn = await page.evaluate(() => (window as unknown as { headingsDrawn: { path: string; heading: string }[] }).headingsDrawn);
  expect(
    drawn.filter((entry) => entry.path !== landed),
    `pages drawn on the way from ${path} to ${landed}`,
  ).toEqual([]);
  return landed;
}

const GUARDED = ['/restaurant-confirmation', '/confirmation'];
/** Not on SPEC §2's public list, and kept by no reload: a first load there checks the settings using / and lands there. */
const OFF_THE_LIST = ['/paymentIssue', '/order-cancel-error'];

test.describe('a first load of the payment, acceptance and confirmation pages', () => {
  test.beforeEach(async ({ page }) => recordHeadings(page));

  test('with no order in progress lands on the menu (and /order-cancelled on the home page), nothing drawn before', async ({ page }) => {
    for (const path of GUARDED) expect(await firstLoad(page, path), path).toBe('/order');
    for (const path of [...OFF_THE_LIST, '/order-cancelled']) expect(await firstLoad(page, path), path).toBe('/');
    // The payment statechart, resumed as the page opens, has no order to authorise (SPEC §8: "not loaded correctly").
    expect(await firstLoad(page, '/paymentProcessing')).toBe('/paymentIssue');
    await expect(page.getByText('Your order was not loaded correctly.', { exact: true })).toBeVisible();
  });

  test('with an order waiting for the restaurant lands on its waiting page, nothing drawn before', async ({ page }) => {
    test.slow();
    const reference = await placeCollectionOrder(page);
    for (const path of [...GUARDED, '/paymentProcessing', '/order-cancelled', '/checkout', '/payment']) {
      expect(await firstLoad(page, path), path).toBe('/restaurant-confirmation');
      await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();
    }
  });

  test('with dishes in the basket lands on the basket, the first step still to do, nothing drawn before', async ({ page }) => {
    test.slow();
    await page.goto('/order');
    await waitForShell(page);
    await page.getByRole('button', { name: 'Add Sweet & Sour Chicken to order' }).click();
    await page.getByRole('button', { name: 'Add Crispy Seaweed to order' }).click();
    for (const path of GUARDED) {
      expect(await firstLoad(page, path), path).toBe('/basket');
    }
  });
});
