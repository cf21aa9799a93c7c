import { expect, test } from '@playwright/test';
import { reachCollectionCheckout } from './orderSupport';
import { changeCoreData } from './shellSupport';

test('where the restaurant takes no cash, the checkout offers PayPal and card only, with PayPal chosen', async ({ page }) => {
  await changeCoreData(page, (restaurantData) => {
    restaurantData.takeawaySettings.allowCashPayment = false;
  });
  await reachCollectionCheckout(page);

  const waysToPay = page.getByRole('radiogroup', { name: 'How would you like to pay?' });
  await expect(waysToPay.getByRole('radio')).toHaveCount(2);
  await expect(waysToPay.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await expect(waysToPay.getByRole('radio', { name: 'Debit or credit card' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Cash/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
});

test('where the restaurant takes cash, it is offered and chosen until the customer picks another', async ({ page }) => {
  await reachCollectionCheckout(page);
  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
});
