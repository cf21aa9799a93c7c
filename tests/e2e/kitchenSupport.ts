import { expect, type Locator, type Page } from '@playwright/test';

// The demo staff user seeded into the local identity emulator (README: local use only).
export const STAFF_EMAIL = 'kitchen@golden-dragon.example';
export const STAFF_PASSWORD = 'kitchen-demo-2026';

/** Signs in from the dashboard's own redirect, as staff arriving at a bookmarked /kitchen do. */
export async function signInToDashboard(page: Page): Promise<void> {
  await page.goto('/kitchen');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/kitchen');
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/kitchen');
  await expect(page.getByRole('region', { name: /^New/ })).toBeVisible();
}

/** Signs in to the dashboard and turns its sound on, as staff do at the start of a shift. */
export async function openDashboard(page: Page): Promise<void> {
  await signInToDashboard(page);
  await page.getByRole('button', { name: 'Tap to turn on sound' }).click();
  await expect(page.getByRole('banner').getByText('Sound on', { exact: true })).toBeVisible();
}

/** Counts the chime's notes (every note is one Web Audio oscillator) from the page's next load: the answer reads the count. */
export async function countChimes(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const counted = window as unknown as { oscillators: number };
    counted.oscillators = 0;
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.oscillators += 1;
      return createOscillator.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { oscillators: number }).oscillators);
}

/** A ticket is named by its order's number of the day ("Order 47"); tests find it by the reference it shows in small print. */
export const ticketOf = (page: Page, orderRef: string): Locator => page.getByRole('article', { name: /^Order \d+$/ }).filter({ hasText: orderRef });

export const ticketIn = (page: Page, section: 'New' | 'In progress' | 'Done today', orderRef: string): Locator =>
  page.getByRole('region', { name: new RegExp(`^${section}`) }).getByRole('article', { name: /^Order \d+$/ }).filter({ hasText: orderRef });

/** The dashboard's 5-second poll, on the page's fake clock: the order list is read again without a reload. */
export async function nextKitchenPoll(page: Page): Promise<void> {
  await page.clock.fastForward(5_000);
}
