import { expect, test } from '@playwright/test';
import { expectStep, reachCollectionCheckout } from './orderSupport';
import { RESTAURANT_NAME } from './shellSupport';

test.describe.configure({ timeout: 60_000 });

test('a guest orders for collection, pays with PayPal in the sandbox and reaches the restaurant confirmation', async ({ page }) => {
  await reachCollectionCheckout(page);
  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Debit or credit card' })).toBeVisible();

  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expectStep(page, '/payment', 'Payment details');
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Payment details`);
  await expect(page.getByText('sandbox', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Debit or Credit Card' })).toBeVisible();
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  const payPal = page.getByRole('dialog', { name: 'PayPal sandbox' });
  await payPal.getByRole('button', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(/\/restaurant-confirmation$/);
  await expect(page.getByRole('status', { name: 'Order number' })).toContainText(/Your order number isOrder \d+/);
});
