import { expect, type Page } from '@playwright/test';

export const RESTAURANT_NAME = 'Golden Dragon';

/** The header is drawn only once the settings gate has let the page through. */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: `${RESTAURANT_NAME} home` })).toBeVisible();
}

/**
 * Moves within the running app the way its own links do (history push, then the router follows),
 * for paths that no visible link leads to. A fresh page load would instead pass the start-up settings gate.
 */
export async function navigateInApp(page: Page, path: string, landsOn = path): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({ __TSR_index: window.history.length }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === landsOn);
}
