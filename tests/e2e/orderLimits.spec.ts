import { expect, test } from '@playwright/test';
import { goldenDragonRestaurant } from '../../src/server/db/seed/goldenDragonRestaurant';
import { expectStep, reachCollectionCheckout } from './orderSupport';

test('an order over the restaurant’s largest cash order is offered PayPal and card only, saying whom to phone to pay cash', async ({ page }) => {
  // 11 Mixed Starters for Two at £13.90 and the bag: £153.00, over the demo restaurant's £150 in cash.
  await reachCollectionCheckout(page, Array.from({ length: 11 }, () => 'Mixed Starter for Two'));
  await expect(page.getByText(`Orders over £150.00 paid in cash must be placed by phone: please call ${goldenDragonRestaurant.phone}`)).toBeVisible();
  const waysToPay = page.getByRole('radiogroup', { name: 'How would you like to pay?' });
  await expect(waysToPay.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Cash/ })).toHaveCount(0);
  // PayPal chosen for the customer is saved, so the checkout stays put.
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expectStep(page, '/checkout', 'Order checkout');
});

test('an order within it is offered cash, without the message', async ({ page }) => {
  await reachCollectionCheckout(page, Array.from({ length: 10 }, () => 'Mixed Starter for Two'));
  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  await expect(page.getByText(/must be placed by phone/)).toHaveCount(0);
});
