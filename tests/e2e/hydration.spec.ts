import { expect, test, type Page } from '@playwright/test';
import { accountIcon, freshEmail, newCustomer } from './accountSupport';
import { addDishes } from './orderSupport';
import { waitForHydration } from './shellSupport';

// The server renders the public pages with the router's SSR and the browser hydrates them (docs/first-paint.md). React
// reports a page it could not hydrate as it was served (a mismatch, error 418 and its kin) as a recoverable error, which
// the app says in the console ("React recoverable error", src/main.tsx); whatever React throws uncaught is a page error.
// Neither may happen, for a first-time visitor or for a returning one whose basket and session the page then shows.

/** The public pages a visitor may land on, those the server renders first among them. */
const PUBLIC_ROUTES = [
  '/',
  '/home',
  '/restaurant',
  '/order',
  '/gallery',
  '/about-us',
  '/privacy',
  '/cookies',
  '/terms',
  '/apps',
  '/booking',
  '/dine-at-home',
  '/contact',
  '/login',
  '/register',
  '/track',
];

const HYDRATION_TROUBLE = /React recoverable error|hydrat|Minified React error #(418|419|421|422|423|425)/i;

/** Everything React says of hydration on `page` from now on: recoverable errors, mismatches, uncaught React errors. */
function collectHydrationTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_TROUBLE.test(message.text())) trouble.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => trouble.push(`${page.url()}: ${error.message}`));
  return trouble;
}

/** Opens `path` afresh and waits until the app has it, and a moment longer for what follows hydration. */
async function openAndHydrate(page: Page, path: string): Promise<boolean> {
  const response = await page.goto(path);
  const served = (await response?.text()) ?? '';
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return served.includes('$_TSR');
}

test('a first-time visitor: every public page hydrates without an error', async ({ page }) => {
  const trouble = collectHydrationTrouble(page);
  const rendered: string[] = [];
  for (const path of PUBLIC_ROUTES) if (await openAndHydrate(page, path)) rendered.push(path);
  // The server rendered the pages that show the same to everyone; the test would pass vacuously otherwise.
  expect(rendered).toEqual(expect.arrayContaining(['/', '/order', '/gallery', '/restaurant', '/privacy']));
  expect(trouble).toEqual([]);
});

test('a returning visitor with a basket and a session: every public page hydrates without an error, then shows both', async ({ page }) => {
  test.setTimeout(120_000);
  await newCustomer(page, freshEmail('hydration'));
  await addDishes(page, ['Sweet & Sour Chicken']);
  await expect(page.getByRole('link', { name: /^View basket \(1 item\)/ })).toBeVisible();

  const trouble = collectHydrationTrouble(page);
  for (const path of PUBLIC_ROUTES) {
    const rendered = await openAndHydrate(page, path);
    // The device's own state follows hydration: the account in the header, the basket on the menu.
    await expect(accountIcon(page, 'Your account'), path).toBeVisible();
    if (path === '/order') await expect(page.getByRole('link', { name: /^View basket \(1 item\)/ })).toBeVisible();
    if (rendered) expect(await page.evaluate(() => localStorage.length), path).toBeGreaterThan(0);
  }
  expect(trouble).toEqual([]);
});
