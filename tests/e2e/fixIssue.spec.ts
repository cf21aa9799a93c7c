import { expect, test } from '@playwright/test';
import { addDishes, expectStep, openBasket, reachCollectionCheckout } from './orderSupport';
import { RESTAURANT_NAME, waitForShell } from './shellSupport';

test('a failed confirmation goes to /fix-issue with the server message; "Try again" confirms and goes on', async ({ page }) => {
  await reachCollectionCheckout(page);

  // The server refuses the first confirmation only, as it would a time that had just gone.
  let refusals = 0;
  await page.route('**/api/orderbuilder/confirm', async (route) => {
    if (refusals > 0) return route.fallback();
    refusals += 1;
    await route.fulfill({ status: 400, json: { errorMessage: 'The time you chose is no longer available: please choose another time', validationErrors: [] } });
  });
  await page.getByRole('button', { name: 'Place order' }).click();

  await expectStep(page, '/fix-issue', 'Fix your order issue');
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Fix your order issue`);
  await expect(page.getByRole('alert')).toContainText('The time you chose is no longer available: please choose another time');
  await expect(page.getByRole('link', { name: 'Back to the checkout' })).toHaveAttribute('href', '/checkout');

  await page.getByRole('button', { name: 'Try again' }).click();
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
});

test('a failed order update goes to /fix-issue with the refused fields; "Try again" saves it and goes back to the step', async ({ page }) => {
  await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(page, 2);
  await page.route('**/api/orderbuilder/update', (route) =>
    route.fulfill({ status: 400, json: { errorMessage: '', validationErrors: [{ field: 'phone', message: 'must be a UK phone number, for example 0113 496 0123' }] } }),
  );
  // Choosing collection saves the order at once; the refusal leaves the basket step for /fix-issue.
  await page.getByRole('radio', { name: 'Collection' }).check();
  await expectStep(page, '/fix-issue', 'Fix your order issue');
  // The field by the label the customer typed it under, never the contract's name for it.
  await expect(page.getByRole('list', { name: 'What needs fixing' }).getByRole('listitem')).toHaveText([
    'Phone number must be a UK phone number, for example 0113 496 0123',
  ]);
  await expect(page.getByRole('link', { name: 'Back to your basket' })).toHaveAttribute('href', '/basket');

  await page.unroute('**/api/orderbuilder/update');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectStep(page, '/basket', 'Your basket');
  await expect(page.getByRole('radio', { name: 'Collection' })).toBeChecked();
});

test('/fix-issue with nothing to fix says so', async ({ page }) => {
  await page.goto('/fix-issue');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Fix your order issue' })).toBeVisible();
  await expect(page.getByText('There is nothing to fix in your order.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/order');
});
