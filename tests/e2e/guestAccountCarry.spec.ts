import { expect, test } from '@playwright/test';
import { confirmCode, freshEmail, heading, PASSWORD } from './accountSupport';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import {
  addDishes,
  chooseFirstLaterSlot,
  chooseOrderTypeAndContinue,
  enterContact,
  expectStep,
  nextCustomerPoll,
  openBasket,
  placeOrderAndReadReference,
} from './orderSupport';

// A guest who has just ordered creates an account from the confirmation without typing their details again: the
// order's email, name and phone travel to /register and /createAccount on this device only (docs/accounts.md).
test.describe.configure({ timeout: 90_000 });

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

test('the account offer after a guest order carries its name, phone and email to the account forms', async ({ page, browser }) => {
  await page.clock.install();
  const guest = { name: 'Mei Chen', phone: '07700 900456', email: freshEmail('carried') };
  await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(page, 2);
  await chooseOrderTypeAndContinue(page, 'Collection');
  await enterContact(page, guest);
  await chooseFirstLaterSlot(page);
  await expectStep(page, '/checkout', 'Order checkout');
  const reference = await placeOrderAndReadReference(page);
  await kitchen.accept(reference);
  await nextCustomerPoll(page);
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);

  // Another visitor with the order's link gets no offer, and so nothing of the guest's.
  const stranger = await browser.newPage();
  await stranger.goto(page.url());
  await expect(stranger.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Create your account' })).toHaveCount(0);
  await stranger.close();

  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/register' && url.search === '');
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveValue(guest.email);

  // A refused password keeps the email.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(email).toHaveValue(guest.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/confirmAccount');
  await confirmCode(page);

  await expect(page).toHaveURL((url) => url.pathname === '/createAccount');
  await expect(page.getByRole('textbox', { name: 'Name (optional)' })).toHaveValue(guest.name);
  await expect(page.getByRole('textbox', { name: 'Phone number (optional)' })).toHaveValue(guest.phone);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(heading(page, 'Your account details')).toBeVisible();
  await expect(page.getByText(guest.name).first()).toBeVisible();
});
