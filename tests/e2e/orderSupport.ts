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
 * slot always is (the next opening's when the restaurant is closed), so that is what the journeys choose. "At a
 * later time" chooses the first time offered (docs/order-journey.md); answers its label ("Today 18:15").
 */
export async function chooseFirstLaterSlot(page: Page): Promise<string> {
  await page.getByRole('radio', { name: 'At a later time' }).check();
  const time = page.getByRole('combobox', { name: 'Time' });
  const first = time.locator('option').first();
  await expect(time).toHaveValue((await first.getAttribute('value')) ?? '');
  const chosen = (await first.textContent()) ?? '';
  await page.getByRole('button', { name: 'Continue' }).click();
  return chosen;
}

export async function expectStep(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

export async function placeOrderAndReadReference(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place order' }).click();
  return readOrderReference(page);
}

/**
 * The waiting page of a placed order: its number of the day large ("Order 47"), and the long reference (the key of its
 * links, which tests use to play the kitchen) in small print; answers the reference.
 */
export async function readOrderReference(page: Page): Promise<string> {
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  await expect(page.getByRole('status', { name: 'Order number' })).toContainText(/Your order number isOrder \d+/);
  const text = (await page.getByText(/^Order reference /).textContent()) ?? '';
  return text.replace('Order reference', '').trim();
}

/**
 * A guest's collection order of `dishes` through the screens from the menu to /checkout, where the way to pay is
 * chosen. By default £7.60 + £3.90 = £11.50, above the £10 collection minimum.
 */
export async function reachCollectionCheckout(page: Page, dishes: string[] = ['Sweet & Sour Chicken', 'Crispy Seaweed']): Promise<void> {
  await addDishes(page, dishes);
  await openBasket(page, dishes.length);
  await chooseOrderTypeAndContinue(page, 'Collection');
  await enterContact(page);
  await chooseFirstLaterSlot(page);
  await expectStep(page, '/checkout', 'Order checkout');
}

/** A guest's cash collection order through the screens, up to /restaurant-confirmation; answers its reference. */
export async function placeCollectionOrder(page: Page): Promise<string> {
  await reachCollectionCheckout(page);
  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  return placeOrderAndReadReference(page);
}

/** A guest's cash delivery order to an in-zone postcode through the screens, up to /restaurant-confirmation. */
export async function placeDeliveryOrder(page: Page): Promise<string> {
  // £7.60 + £6.90 + £3.90 = £18.40, above LS6's £12 minimum.
  await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
  await openBasket(page, 3);
  await chooseOrderTypeAndContinue(page, 'Delivery');
  await enterAddress(page, 'LS6 1AA');
  await enterContact(page);
  await chooseFirstLaterSlot(page);
  await expectStep(page, '/checkout', 'Order checkout');
  return placeOrderAndReadReference(page);
}

/** SPEC §9: the customer's page reads the acceptance request (and /track the order) every 10 seconds. */
export const CUSTOMER_POLL_INTERVAL_MS = 10_000;

/** The customer's next poll, on the page's fake clock rather than a real 10-second wait. */
export async function nextCustomerPoll(page: Page): Promise<void> {
  await page.clock.runFor(CUSTOMER_POLL_INTERVAL_MS);
}

/** The /track page's status text and the progress step marked current. */
export async function expectTracked(page: Page, text: string, currentStep: string): Promise<void> {
  await expect(page.getByRole('status', { name: 'Order status' })).toHaveText(text);
  const progress = page.getByRole('list', { name: 'Order progress' });
  await expect(progress.locator('[aria-current="step"]')).toHaveText(currentStep);
}
