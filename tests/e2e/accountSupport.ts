import { expect, type Page } from '@playwright/test';
import { waitForShell } from './shellSupport';

// Every code the local identity emulator sends is this one (docs/identity.md).
export const EMAILED_CODE = '123456';
export const PASSWORD = 'jasmine-tea-42';

/** The e2e server's identity pool lasts the whole run: each test registers its own customer. */
export function freshEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function accountIcon(page: Page, name: 'Your account' | 'Login or register') {
  return page.getByRole('banner').getByRole('link', { name });
}

export function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

export async function register(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/register');
  await waitForShell(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/confirmAccount');
}

export async function confirmCode(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Code' }).fill(EMAILED_CODE);
  await page.getByRole('button', { name: 'Confirm account' }).click();
}

/** Registers, confirms and creates the account: the customer ends on /account, signed in. */
export async function newCustomer(page: Page, email: string, details: { name?: string; phone?: string } = {}): Promise<void> {
  await register(page, email);
  await confirmCode(page);
  await expect(page).toHaveURL((url) => url.pathname === '/createAccount');
  if (details.name) await page.getByRole('textbox', { name: 'Name (optional)' }).fill(details.name);
  if (details.phone) await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill(details.phone);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(heading(page, 'Your account details')).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
