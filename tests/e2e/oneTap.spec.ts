import { expect, test, type Page } from '@playwright/test';
import { FAKE_CARDS } from '../../src/server/local/payPal/fakeCards';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import { expectStep, placeCollectionOrder, placeOrderAndReadReference, reachCollectionCheckout } from './orderSupport';
import { continueToPayment, expectPaymentButtons, payByCard } from './paymentSupport';

// Nothing lost in one tap (docs/acceptance-and-kitchen.md): a cancel is confirmed and says what happens to the money; a
// refusal names the dish the kitchen cannot make, and "Order again" brings back the rest of the basket.

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

/** Counts the customer's cancel calls, so that a confirmed cancel is shown to be sent once. */
function countCancels(page: Page): { count: number } {
  const cancels = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.includes('/orderbuilder/cancel/')) cancels.count += 1;
  });
  return cancels;
}

test('cancelling a card order asks first, says the held money is released, and keeping it cancels nothing', async ({ page }) => {
  const cancels = countCancels(page);
  await reachCollectionCheckout(page);
  const totalRow = page.getByRole('list', { name: 'Cost breakdown' }).getByRole('listitem').filter({ hasText: 'Total' });
  const total = (await totalRow.textContent())?.match(/£\d+\.\d{2}/)?.[0];
  expect(total).toMatch(/^£\d+\.\d{2}$/);
  await continueToPayment(page, 'Debit or credit card');
  await expectPaymentButtons(page, 'Debit or credit card');
  await payByCard(page, FAKE_CARDS.approved);
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your order?' });
  await expect(dialog).toBeVisible();
  const money = `The ${total} held on your card is released; it can take a few days to show.`;
  await expect(dialog.getByText(money)).toBeVisible();
  // The safe answer has the focus: Enter keeps the order.
  await expect(dialog.getByRole('button', { name: 'Keep my order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  expect(cancels.count).toBe(0);

  // Closing it with Escape keeps the order too.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(cancels.count).toBe(0);

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectStep(page, '/order-cancelled', 'Your order has been cancelled');
  await expect(page.getByText(money)).toBeVisible();
  expect(cancels.count).toBe(1);
});

test('cancelling a cash order says nothing was charged', async ({ page }) => {
  await placeCollectionOrder(page);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your order?' });
  await expect(dialog.getByText('Nothing has been charged: you were paying in cash.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectStep(page, '/order-cancelled', 'Your order has been cancelled');
});

test('a refusal names the unavailable dish, and "Order again" brings back the rest of the basket, after a reload too', async ({ page }) => {
  await reachCollectionCheckout(page, ['Salt & Pepper Chicken Wings', 'Sweet & Sour Chicken', 'Crispy Seaweed']);
  const reference = await placeOrderAndReadReference(page);
  await kitchen.refuse(reference, 'Item unavailable', [0]);
  // The page's next poll (every 10 seconds) finds the refusal.
  await expect(page.getByRole('heading', { level: 1, name: 'The restaurant could not accept your order' })).toBeVisible({ timeout: 15_000 });
  await expectStep(page, '/order-cancelled', 'The restaurant could not accept your order');
  await expect(page.getByText('Sorry, Salt & Pepper Chicken Wings is unavailable')).toBeVisible();
  await expect(page.getByText('Nothing has been charged: you were paying in cash.')).toBeVisible();

  // The server knows the refused order: a reload still says why and can still order the rest again.
  await page.reload();
  await expectStep(page, '/order-cancelled', 'The restaurant could not accept your order');
  await expect(page.getByText('Sorry, Salt & Pepper Chicken Wings is unavailable')).toBeVisible();

  await page.getByRole('button', { name: 'Order again' }).click();
  await expectStep(page, '/basket', 'Your basket');
  const lines = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Sweet & Sour Chicken');
  await expect(lines.nth(1)).toContainText('Crispy Seaweed');
  // And the customer is told why the wings are not there.
  await expect(page.getByRole('alert').filter({ hasText: 'Salt & Pepper Chicken Wings' })).toBeVisible();
});
