import { expect, type Page } from '@playwright/test';

// The demo owner seeded into the local identity emulator (README: local use only).
export const OWNER_EMAIL = 'owner@golden-dragon.example';
export const OWNER_PASSWORD = 'owner-demo-2026';

/** Signs in as the owner from the back office's own redirect, as an owner opening a bookmark does; lands on `path`. */
export async function openBackOffice(page: Page, path = '/manage'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === path);
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
}
