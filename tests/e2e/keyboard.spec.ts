import { expect, test, type Locator, type Page } from '@playwright/test';
import { GUEST, readOrderReference } from './orderSupport';
import { STAFF_EMAIL, STAFF_PASSWORD, ticketIn } from './kitchenSupport';
import { waitForShell } from './shellSupport';

// Issue 16: the whole journey and the kitchen dashboard by keyboard alone. Nothing here clicks: Tab, Shift+Tab,
// Enter, Space and the arrows, as a keyboard-only or switch user has. Each route change must leave focus on the new
// page's main heading, and every Tab stop must show a focus indicator of WCAG 2.2's 2.4.7 and 2.4.11.

// A page holds at most this many Tab stops before the one wanted: the menu's dishes are many, so the skip link matters.
const MAX_TAB_STOPS = 80;

/** Describes the focused element when it shows no ring: a solid outline at least 2 px wide, or a box-shadow ring. */
async function focusWithoutIndicator(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return 'nothing focused';
    const style = getComputedStyle(focused);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ringed = style.boxShadow !== 'none';
    if (outlined || ringed) return undefined;
    return `${focused.tagName.toLowerCase()} "${focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? ''}"`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the indicator at every stop on the way. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  // A control drawn once its data arrives is waited for, as a reader would, rather than tabbed past.
  await expect(target).toBeAttached();
  for (let stops = 0; stops < MAX_TAB_STOPS; stops += 1) {
    await page.keyboard.press(key);
    expect(await focusWithoutIndicator(page)).toBeUndefined();
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} not reached in ${MAX_TAB_STOPS} presses of ${key}`);
}

/** After a route change: the address, and focus on the new page's main heading (not the body, not the top). */
async function expectArrival(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('a guest orders by keyboard alone, and the kitchen accepts the order by keyboard alone', async ({ page, browser }) => {
  test.slow();
  await page.goto('/');
  await waitForShell(page);

  // The skip link is the first Tab stop.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Order a takeaway' }));
  await page.keyboard.press('Enter');
  await expectArrival(page, '/order', 'Add items to your order');

  // Two of one dish (£15.20, over the £10 collection minimum): the live region says each addition and the new total.
  await tabTo(page, page.getByRole('button', { name: 'Add Sweet & Sour Chicken to order' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Added Sweet & Sour Chicken.*\. Basket: 1 item, £7\.60$/ })).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Added Sweet & Sour Chicken.*\. Basket: 2 items, £15\.20$/ })).toBeAttached();
  // From the last dish back to the top, where the skip link goes straight to the basket bar.
  await tabTo(page, page.getByRole('link', { name: 'Skip to basket' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: /^View basket \(2 items\) £/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectArrival(page, '/basket', 'Your basket');

  const collection = page.getByRole('radio', { name: 'Collection' });
  if (!(await collection.isChecked())) {
    await tabTo(page, page.getByRole('radio').first());
    await page.keyboard.press('Space');
    while (!(await collection.isChecked())) await page.keyboard.press('ArrowDown');
  }
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expectArrival(page, '/contact', 'Enter your contact details');

  await typeInto(page, page.getByRole('textbox', { name: 'Name' }), GUEST.name);
  await typeInto(page, page.getByRole('textbox', { name: 'Phone number' }), GUEST.phone);
  await typeInto(page, page.getByRole('textbox', { name: 'Email' }), GUEST.email);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expectArrival(page, '/orderTime', 'Select your order time');

  // The step opens with a time chosen (ASAP while offered, otherwise the first time offered).
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expectArrival(page, '/checkout', 'Order checkout');

  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Place order' }));
  await page.keyboard.press('Enter');
  await expectArrival(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  const reference = await readOrderReference(page);
  expect(reference).not.toBe('');

  // The kitchen, in a browser of its own, from the sign-in its bookmark leads to.
  const kitchenContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const kitchen = await kitchenContext.newPage();
  try {
    await kitchen.goto('/kitchen');
    await expect(kitchen).toHaveURL((url) => url.pathname === '/login');
    await typeInto(kitchen, kitchen.getByLabel('Email'), STAFF_EMAIL);
    await typeInto(kitchen, kitchen.getByLabel('Password', { exact: true }), STAFF_PASSWORD);
    await tabTo(kitchen, kitchen.getByRole('button', { name: 'Sign in' }));
    await kitchen.keyboard.press('Enter');
    await expectArrival(kitchen, '/kitchen', 'Kitchen');
    // The sound's tap is in the staff bar, above the page's heading where focus arrives.
    await tabTo(kitchen, kitchen.getByRole('button', { name: 'Tap to turn on sound' }), 'Shift+Tab');
    await kitchen.keyboard.press('Enter');
    const ticket = ticketIn(kitchen, 'New', reference);
    await tabTo(kitchen, ticket.getByRole('button', { name: 'Accept', exact: true }));
    await kitchen.keyboard.press('Enter');
    await expect(ticketIn(kitchen, 'In progress', reference)).toBeVisible();
  } finally {
    await kitchenContext.close();
  }
});
