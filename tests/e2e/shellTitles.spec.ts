import { expect, test } from '@playwright/test';
import { RESTAURANT_NAME, navigateInApp, waitForShell } from './shellSupport';

// Every public route of SPEC §2 that the app may start on, with its title (SPEC's table; the rest documented in src/domain/pageTitles.ts).
const TITLES_ON_START: ReadonlyArray<[string, string]> = [
  ['/', RESTAURANT_NAME],
  ['/home', RESTAURANT_NAME],
  ['/restaurant', `${RESTAURANT_NAME} | Visit the restaurant`],
  ['/apps', `${RESTAURANT_NAME} | Our Apps`],
  ['/gallery', `${RESTAURANT_NAME} | Gallery`],
  ['/dine-at-home', `${RESTAURANT_NAME} | Dine at home`],
  ['/booking', `${RESTAURANT_NAME} | Book a table`],
  ['/order', `${RESTAURANT_NAME} | Add items to your order`],
  ['/contact', `${RESTAURANT_NAME} | Enter your contact details`],
  ['/track', `${RESTAURANT_NAME} | Track your order`],
  ['/updateRequired', `${RESTAURANT_NAME} | An update is required for your App`],
  ['/fix-issue', `${RESTAURANT_NAME} | Fix your order issue`],
  ['/privacy', `${RESTAURANT_NAME} | Privacy Policy`],
  ['/cookies', `${RESTAURANT_NAME} | Cookie Policy`],
  ['/terms', `${RESTAURANT_NAME} | Terms of Use`],
  ['/about-us', `${RESTAURANT_NAME} | About Us`],
  ['/login', `${RESTAURANT_NAME} | Login to your account`],
  ['/register', `${RESTAURANT_NAME} | Register for your account`],
];

// Public routes outside SPEC's start-up list: reached from within the app.
const TITLES_IN_APP: ReadonlyArray<[string, string]> = [
  ['/forgotPassword', `${RESTAURANT_NAME} | Register for an account`],
  ['/forgotpassword', `${RESTAURANT_NAME} | Register for an account`],
  ['/confirmAccount', `${RESTAURANT_NAME} | Confirm your account details`],
];

for (const [path, title] of TITLES_ON_START) {
  test(`${path} is titled "${title}" and renders inside the shell`, async ({ page }) => {
    await page.goto(path);
    await waitForShell(page);
    await expect(page).toHaveTitle(title);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

for (const [path, title] of TITLES_IN_APP) {
  test(`${path}, reached within the app, is titled "${title}"`, async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    await navigateInApp(page, path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('the forgotten-password link on the login page leads to its page and title', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Register for an account`);
});

test('the home page shows the trading name and leads to ordering and booking', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: RESTAURANT_NAME })).toBeVisible();
  await page.getByRole('link', { name: 'Order a takeaway' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Book a table' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Book a table`);
});

test('content pages show their text from the restaurant database', async ({ page, request }) => {
  const answer = await request.get('/api/pagedata/page/privacy', { headers: { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' } });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { title: string; rows: Array<{ columns: Array<{ contentBlocks: Array<{ contentBlockType: number; contentBlockData: { content?: string[] } }> }> }> } };
  const firstParagraph = data.rows
    .flatMap((row) => row.columns)
    .flatMap((column) => column.contentBlocks)
    .find((block) => block.contentBlockType === 0)?.contentBlockData.content?.[0];
  expect(firstParagraph).toBeTruthy();

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: data.title })).toBeVisible();
  await expect(page.getByText(firstParagraph!, { exact: true })).toBeVisible();
});
