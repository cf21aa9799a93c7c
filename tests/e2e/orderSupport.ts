import { expect, type Page } from '@playwright/test';
import { waitForShell } from './shellSupport';

export type Customer = { name: string; phone: string; email: string };

export const GUEST: Customer = { name: 'Alex Guest', phone: '07700 900123', email: 'alex.guest@example.com' };

/** Opens the menu afresh and adds each dish by its button ("Add <title> to order"). */
export async function addDishes(page: Page, titles: readonly string[]): Promise<void> {
  await page.goto('/order');
  await waitForShell(page);
  for (const title of titles) await page.getByRole('button', { name: `Add ${title} to order` }).click();
}

export async function openBasket(page: Page, itemCount: number): Promise<void> {
  await page.getByRole('link', { name: new RegExp(`^View basket \\(${itemCount} items?\\) £`) }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/basket');
}

export async function chooseOrderTypeAndContinue(page: Page, orderType: 'Collection' | 'Delivery'): Promise<void> {
  await page.getByRole('radio', { name: orderType }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function enterContact(page: Page, customer: Customer = GUEST): Promise<void> {
  await page.getByRole('textbox', { name: 'Name' }).fill(customer.name);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(customer.phone);
  await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function enterAddress(page: Page, postcode: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('4 Cardigan Road');
  await page.getByRole('textbox', { name: 'Town or city' }).fill('Leeds');
  await page.getByRole('textbox', { name: 'Postcode' }).fill(postcode);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * The server's clock is real, so whether "As soon as possible" is offered depends on when the tests run; a later
 * slot always is (the next opening's when the restaurant is closed), so that is what the journeys choose.
 */
export async function chooseFirstLaterSlot(page: Page): Promise<string> {
  await page.getByRole('radio', { name: 'At a later time' }).check();
  const time = page.getByRole('combobox', { name: 'Time' });
  await time.selectOption({ index: 1 });
  const chosen = (await time.locator('option:checked').textContent()) ?? '';
  await page.getByRole('button', { name: 'Continue' }).click();
  return chosen;
}

export async function expectStep(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

export async function placeOrderAndReadReference(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place order' }).click();
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  const reference = page.getByRole('status', { name: 'Order reference' });
  await expect(reference).toContainText('Your order reference is');
  const text = (await reference.textContent()) ?? '';
  return text.replace('Your order reference is', '').trim();
}
