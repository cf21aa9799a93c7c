import { expect, test, type Page } from '@playwright/test';
import { addDishes, chooseOrderTypeAndContinue, enterAddress, expectStep, openBasket } from './orderSupport';

// What a screen reader hears: a refusal at once (the assertive region), a changed total in turn (the polite one).
const urgentAnnouncement = (page: Page) => page.locator('[aria-live="assertive"]');
const politeAnnouncement = (page: Page) => page.getByRole('status').and(page.locator('[aria-live="polite"][aria-atomic="true"]'));

test('a postcode outside the delivery zones is refused with a message on the postcode, keeping what was typed', async ({ page }) => {
  await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
  await openBasket(page, 3);
  await chooseOrderTypeAndContinue(page, 'Delivery');
  await expectStep(page, '/delivery', 'Enter your delivery details');
  await enterAddress(page, 'M1 1AA');

  const postcode = page.getByRole('textbox', { name: 'Postcode' });
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  const messageId = await postcode.getAttribute('aria-describedby');
  expect(messageId).toBeTruthy();
  await expect(page.locator(`[id="${messageId?.split(' ').at(-1)}"]`)).toContainText('Sorry, we do not deliver to M1 1AA');
  await expect(urgentAnnouncement(page)).toHaveText('Postcode: Sorry, we do not deliver to M1 1AA. You can collect your order instead');
  await expect(postcode).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/delivery');
  await expect(postcode).toHaveValue('M1 1AA');
  await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('4 Cardigan Road');

  // A postcode that is not a UK postcode at all is refused before any call.
  await postcode.fill('LS6');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a full UK postcode, like LS6 2AB', { exact: true })).toBeVisible();
  await expect(urgentAnnouncement(page)).toHaveText('Postcode: Enter a full UK postcode, like LS6 2AB');
  await expect(page).toHaveURL((url) => url.pathname === '/delivery');
});

test('a basket below the collection minimum is refused with the amount still to add', async ({ page }) => {
  // Prawn Crackers £2.50 against the £10.00 collection and £15.00 delivery minimums.
  await addDishes(page, ['Prawn Crackers']);
  await openBasket(page, 1);
  await expect(page.getByText('Add £7.50 to collect')).toBeVisible();
  await expect(page.getByText('Add £12.50 to deliver')).toBeVisible();

  await chooseOrderTypeAndContinue(page, 'Collection');
  await expect(page.getByText('Add £7.50 to collect: the minimum order for collection is £10.00', { exact: true })).toBeVisible();
  await expect(urgentAnnouncement(page)).toHaveText('Collection or delivery?: Add £7.50 to collect: the minimum order for collection is £10.00');
  await expect(page).toHaveURL((url) => url.pathname === '/basket');

  await page.getByRole('button', { name: 'Add one more Prawn Crackers (Small bag)' }).click();
  await page.getByRole('button', { name: 'Add one more Prawn Crackers (Small bag)' }).click();
  await page.getByRole('button', { name: 'Add one more Prawn Crackers (Small bag)' }).click();
  await expect(page.getByText('Collection available')).toBeVisible();
  // The message beside the choice has gone (the live region keeps the words it said, with the question before them).
  await expect(page.getByText(/^Add £[\d.]+ to collect: the minimum order for collection is £10\.00$/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove one Prawn Crackers (Small bag)' }).click();
  await expect(page.getByText('Add £2.50 to collect: the minimum order for collection is £10.00', { exact: true })).toBeVisible();
  // Three at £2.50 and the 10p bag charge, as the server priced them.
  await expect(politeAnnouncement(page)).toHaveText('Basket total £7.60');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/basket');
});

test('an order with no contact details is refused field by field, keeping what was typed', async ({ page }) => {
  await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(page, 2);
  await chooseOrderTypeAndContinue(page, 'Collection');
  await expectStep(page, '/contact', 'Enter your contact details');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Enter your name');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription('Enter a UK phone number, like 07700 900123 or 0113 496 0000');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('12345');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter your email address');
  await expect(urgentAnnouncement(page)).toHaveText(
    'Name: Enter your name. Phone number: Enter a UK phone number, like 07700 900123 or 0113 496 0000. Email: Enter your email address',
  );
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/contact');
});
