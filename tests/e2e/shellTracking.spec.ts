import { expect, test, type BrowserContext } from '@playwright/test';
import { changeBootData, navigateInApp, waitForShell } from './shellSupport';

const COOKIE_NAME = 'takeaway_tracking';
const DAY_SECONDS = 24 * 60 * 60;

async function trackingCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === COOKIE_NAME);
  if (!cookie) throw new Error(`no ${COOKIE_NAME} cookie was set`);
  return { ...cookie, value: JSON.parse(decodeURIComponent(cookie.value)) as { version: string; userId: string } };
}

test('the tracking cookie is version "1" with a 20-character id, for a year, Secure, SameSite=Strict, on the whole site', async ({ page, context }) => {
  await page.goto('/');
  await waitForShell(page);
  const cookie = await trackingCookie(context);
  expect(cookie.value.version).toBe('1');
  expect(cookie.value.userId).toMatch(/^[a-z0-9]{20}$/);
  expect(cookie.secure).toBe(true);
  expect(cookie.sameSite).toBe('Strict');
  expect(cookie.path).toBe('/');
  expect(cookie.httpOnly).toBe(false);
  const daysLeft = (cookie.expires - Date.now() / 1000) / DAY_SECONDS;
  expect(daysLeft).toBeGreaterThan(364.9);
  expect(daysLeft).toBeLessThanOrEqual(365.01);

  await page.reload();
  await waitForShell(page);
  expect((await trackingCookie(context)).value).toEqual(cookie.value);
});

test('a tracking cookie of another version is rewritten as version "1" keeping its userId', async ({ page, context, baseURL }) => {
  const userId = 'keepthis0id123456789';
  await context.addCookies([
    { name: COOKIE_NAME, value: encodeURIComponent(JSON.stringify({ version: '0', userId })), url: baseURL!, sameSite: 'Lax' },
  ]);
  await page.goto('/');
  await waitForShell(page);
  const cookie = await trackingCookie(context);
  expect(cookie.value).toEqual({ version: '1', userId });
  expect(cookie.secure).toBe(true);
  expect(cookie.sameSite).toBe('Strict');
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364.9 * DAY_SECONDS);
});

test('each route change sends one page view with its path', async ({ page }) => {
  // The browser tests turn on the recorder through the configuration the server writes into the page.
  await changeBootData(page, (boot) => {
    boot.config = { ...(boot.config as object), analyticsRecorder: true };
  });
  const pageViews = () => page.evaluate(() => window.__analyticsPageViews?.map((view) => view.path));

  await page.goto('/');
  await waitForShell(page);
  await expect.poll(pageViews).toEqual(['/']);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect.poll(pageViews).toEqual(['/', '/terms']);
  await navigateInApp(page, '/no-such-page');
  await expect.poll(pageViews).toEqual(['/', '/terms', '/no-such-page']);
});

test('without the test flag no page views are published on the page', async ({ page }) => {
  await page.goto('/');
  await waitForShell(page);
  expect(await page.evaluate(() => 'dataLayer' in window || '__analyticsPageViews' in window)).toBe(false);
});

test('each route change scrolls the header into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto('/privacy');
  await waitForShell(page);
  // The policy's text makes the page taller than the phone's screen.
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('banner')).not.toBeInViewport();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
  await expect(page).toHaveURL(/\/cookies$/);
  await expect(page.getByRole('banner')).toBeInViewport();
});

test('while an order is in progress each route change checks its status, and not otherwise', async ({ page }) => {
  const statusChecks: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/order\/GetActiveOrder\/([^/?]+)$/.exec(request.url());
    if (match) statusChecks.push(match[1]);
  });
  await page.goto('/');
  await waitForShell(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  // The title is set by the same route-change handler that checks the order, so once it shows, /terms is done.
  await expect(page).toHaveTitle(/Terms of Use$/);
  expect(statusChecks).toEqual([]);

  await page.evaluate(() => window.localStorage.setItem('takeaway.inProgressOrder.v1', JSON.stringify({ basketId: 'basket-e2e-1', orderRef: 'order-e2e-1' })));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
  await expect(page).toHaveURL(/\/cookies$/);
  await expect.poll(() => statusChecks).toEqual(['order-e2e-1']);
});
