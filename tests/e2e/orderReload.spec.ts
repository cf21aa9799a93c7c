import { expect, test, type Page } from '@playwright/test';
import {
  addDishes,
  chooseFirstLaterSlot,
  chooseOrderTypeAndContinue,
  enterAddress,
  enterContact,
  expectStep,
  openBasket,
  placeOrderAndReadReference,
} from './orderSupport';
import { RESTAURANT_NAME, waitForShell } from './shellSupport';

async function reloadAndExpectStep(page: Page, path: string, heading: string | RegExp) {
  await page.reload();
  await waitForShell(page);
  await expectStep(page, path, heading);
  const takeAway = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Take Away' });
  await expect(takeAway, `Take Away highlighted on ${path}`).toHaveAttribute('aria-current', 'page');
}

test('a reload at every step of a delivery order keeps the basket and the step', async ({ page }) => {
  // Six full page loads, each starting the app afresh.
  test.slow();
  await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs']);
  await openBasket(page, 2);
  await reloadAndExpectStep(page, '/basket', 'Your basket');
  await expect(page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add one more Barbecue Spare Ribs' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Barbecue Spare Ribs' })).toContainText('£13.80');
  await chooseOrderTypeAndContinue(page, 'Delivery');

  await reloadAndExpectStep(page, '/delivery', 'Enter your delivery details');
  await enterAddress(page, 'LS2 9JT');
  await expectStep(page, '/contact', 'Enter your contact details');
  await page.reload();
  await waitForShell(page);
  await expectStep(page, '/contact', 'Enter your contact details');
  await enterContact(page);

  await reloadAndExpectStep(page, '/orderTime', 'Select your order time');
  await chooseFirstLaterSlot(page);

  await reloadAndExpectStep(page, '/checkout', 'Order checkout');
  const orderLines = page.getByRole('list', { name: 'Items in your order' });
  await expect(orderLines.getByRole('listitem')).toHaveCount(2);
  await expect(orderLines.getByRole('listitem').filter({ hasText: 'Barbecue Spare Ribs' })).toContainText('2 × Barbecue Spare Ribs');
  await expect(page.getByText('4 Cardigan Road, Leeds, LS2 9JT')).toBeVisible();

  const reference = await placeOrderAndReadReference(page);
  await page.reload();
  await waitForShell(page);
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Waiting for the restaurant`);

  // The placed order stays placed; a dish added afterwards starts the next order.
  await page.goto('/order');
  await waitForShell(page);
  await expect(page.getByText(`Your order reference is ${reference}. Adding a dish starts a new order.`)).toBeVisible();
  await page.getByRole('button', { name: 'Add Prawn Crackers to order' }).click();
  await openBasket(page, 1);
  await expect(page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem')).toHaveCount(1);
});

test('a step opened before its prerequisites goes to the first incomplete step', async ({ page }) => {
  await page.goto('/checkout');
  await waitForShell(page);
  await expect(page).toHaveURL((url) => url.pathname === '/order');

  await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(page, 2);
  await chooseOrderTypeAndContinue(page, 'Collection');
  await expectStep(page, '/contact', 'Enter your contact details');
  // No contact details yet: the time and the checkout are not open, and a collection order has no delivery step.
  for (const path of ['/checkout', '/orderTime', '/delivery']) {
    await page.goto(path);
    await waitForShell(page);
    await expectStep(page, '/contact', 'Enter your contact details');
  }
});

test('the basket says when it is empty, and clearing the order empties it', async ({ page }) => {
  await page.goto('/basket');
  await waitForShell(page);
  await expectStep(page, '/basket', 'Your basket');
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the menu' })).toHaveAttribute('href', '/order');

  await addDishes(page, ['Prawn Crackers']);
  await openBasket(page, 1);
  await page.getByRole('button', { name: 'Clear order' }).click();
  await page.getByRole('button', { name: 'Keep my order' }).click();
  await expect(page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear order' }).click();
  await page.getByRole('button', { name: 'Yes, clear my order' }).click();
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
  await page.reload();
  await waitForShell(page);
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
});
