import { expect, type Page } from '@playwright/test';
import { bootDataElement, parseBootData, type BootData } from '../../src/domain/bootData';
import type { components } from '../../src/api/schema.gen';
import { BOOT_DATA_IN_HTML } from './bootDataHtml';

type RestaurantData = components['schemas']['RestaurantData'];

export const RESTAURANT_NAME = 'Golden Dragon';

/** The header is drawn once the settings gate has let the page through, and the page is the app's once hydrated. */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: `${RESTAURANT_NAME} home` })).toBeVisible();
  await waitForHydration(page);
}

/**
 * Answers once the app has hydrated the server's page, or rendered one the server left to it (src/main.tsx marks it:
 * `app:hydrated` in the performance timeline, and `data-hydrated` on the document element, which a test's installed
 * clock, standing in for `performance`, leaves alone).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/**
 * Holds the app back (its scripts are not answered) until the function returned lets it through, so that a test can
 * act on the server's page before hydration and then watch the app take over.
 */
export async function holdTheAppBack(page: Page): Promise<() => void> {
  let letTheAppThrough = () => {};
  const appHeld = new Promise<void>((resolve) => (letTheAppThrough = resolve));
  await page.route(/\/assets\/(index|app|react|rolldown-runtime)-[^/]*\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  return letTheAppThrough;
}

/**
 * Moves within the running app the way its own links do (history push, then the router follows),
 * for paths that no visible link leads to. A fresh page load would instead pass the start-up settings gate.
 */
export async function navigateInApp(page: Page, path: string, landsOn = path): Promise<void> {
  await waitForHydration(page);
  await page.evaluate((target) => {
    window.history.pushState({ __TSR_index: window.history.length }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === landsOn);
}

/**
 * Changes what the server writes into the HTML of every page load (src/domain/bootData.ts): the configuration, the core
 * data and the page, which the app then takes instead of calling for them.
 */
export async function changeBootData(page: Page, change: (boot: BootData) => void): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const found = BOOT_DATA_IN_HTML.exec(html);
    expect(found, 'the page carries its start data').not.toBeNull();
    const boot = parseBootData(found![1]);
    change(boot);
    // The server rendered the page from the data before the change: the app renders the changed page instead.
    const body = html.replace(BOOT_DATA_IN_HTML, bootDataElement(boot)).replace(PRERENDERED_ROOT, (_root, end: string) => `<div id="root"></div>${end}`);
    await route.fulfill({ response, body, contentType: 'text/html; charset=utf-8' });
  });
}

// The root as the server fills it with the page it rendered and the router's scripts (src/server/plugins/site.ts): it ends the body.
const PRERENDERED_ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/** The restaurant's core data as the browser receives it, in the page and from the API, changed by the test. */
export async function changeCoreData(page: Page, change: (restaurantData: RestaurantData) => void): Promise<void> {
  await changeBootData(page, (boot) => change(boot.restaurantData!));
  await page.route('**/api/restaurant/coreRestaurantData', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { restaurantData: RestaurantData } };
    change(body.data.restaurantData);
    await route.fulfill({ response, json: body });
  });
}

/** Pages served without the core data, as when the server could not read it: the app must call for it (and `answer` that call). */
export async function coreDataNotInPage(page: Page): Promise<void> {
  await changeBootData(page, (boot) => {
    delete boot.restaurantData;
  });
}
