import { expect, test, type Page } from '@playwright/test';
import { waitForShell } from './shellSupport';

// The demo users seeded into the local identity emulator (README: local use only). The customer has an account record.
const STAFF_EMAIL = 'kitchen@golden-dragon.example';
const STAFF_PASSWORD = 'kitchen-demo-2026';
const CUSTOMER_EMAIL = 'customer@golden-dragon.example';
const CUSTOMER_PASSWORD = 'customer-demo-2026';

function accountIcon(page: Page, name: string) {
  return page.getByRole('banner').getByRole('link', { name });
}

test('the demo customer signs in and out against the identity emulator, and the account icon follows', async ({ page }) => {
  await page.goto('/');
  await waitForShell(page);
  await expect(accountIcon(page, 'Login or register')).toHaveAttribute('href', '/login');
  await accountIcon(page, 'Login or register').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(CUSTOMER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(accountIcon(page, 'Your account')).toHaveAttribute('href', '/account');
  await expect(accountIcon(page, 'Login or register')).toHaveCount(0);

  await accountIcon(page, 'Your account').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(CUSTOMER_EMAIL);
  await expect(accountIcon(page, 'Your account')).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(accountIcon(page, 'Login or register')).toHaveAttribute('href', '/login');
});

test('a user without an account record (the staff user) is asked to create one on signing in, and can sign out instead', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/createAccount');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(accountIcon(page, 'Login or register')).toBeVisible();
});

test('a session survives a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountIcon(page, 'Your account')).toBeVisible();
  await page.reload();
  await waitForShell(page);
  await expect(accountIcon(page, 'Your account')).toBeVisible();
});

test('a wrong password is refused with a message and the email is kept', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
  await expect(page.getByLabel('Email')).toHaveValue(STAFF_EMAIL);
  await expect(accountIcon(page, 'Login or register')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in from a guarded page returns to it', async ({ page }) => {
  await page.goto('/login?redirect=%2Faccount');
  await page.getByLabel('Email').fill(CUSTOMER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account details' })).toBeVisible();
});

test('a visitor with no stored session does not download the identity library until signing in', async ({ page }) => {
  const identityScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/identity-[^/]+\.js$/.test(request.url())) identityScripts.push(request.url());
  });
  await page.goto('/');
  await waitForShell(page);
  await page.getByRole('banner').getByRole('link', { name: 'Gallery' }).first().click();
  await expect(page).toHaveURL(/\/gallery$/);
  expect(identityScripts).toEqual([]);

  await page.goto('/login');
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountIcon(page, 'Your account')).toBeVisible();
  expect(identityScripts).toHaveLength(1);
});
