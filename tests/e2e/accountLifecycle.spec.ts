import { expect, test, type Page } from '@playwright/test';
import { EMAILED_CODE, PASSWORD, accountIcon, confirmCode, freshEmail, heading, newCustomer, register, signIn } from './accountSupport';
import { openBasket } from './orderSupport';
import { navigateInApp, waitForShell } from './shellSupport';

// The demo customer (README's demo accounts): a 10 % discount, 60 points, one voucher of each kind, an address and
// two previous orders.
const DEMO_CUSTOMER_EMAIL = 'customer@golden-dragon.example';
const DEMO_CUSTOMER_PASSWORD = 'customer-demo-2026';

async function signOut(page: Page): Promise<void> {
  await navigateInApp(page, '/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(accountIcon(page, 'Login or register')).toBeVisible();
}

test('a new customer registers, confirms the emailed code, creates the account and sees it', async ({ page }) => {
  const email = freshEmail('mei');
  await register(page, email);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await confirmCode(page);

  await expect(page).toHaveURL((url) => url.pathname === '/createAccount');
  await expect(heading(page, 'Create your account')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Mei Lin');
  await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('07700 900123');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/account');
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details).toContainText(email);
  await expect(details).toContainText('Mei Lin');
  await expect(details).toContainText('07700 900123');
  await expect(details).toContainText('0 points: 100 more for your next £5.00 voucher');
  await expect(page.getByRole('region', { name: 'Previous orders' })).toContainText('You have not ordered with your account yet.');
  await expect(accountIcon(page, 'Your account')).toBeVisible();

  await page.getByRole('link', { name: 'Your loyalty QR code' }).click();
  await expect(page.getByRole('img', { name: /^QR code of your loyalty number [0-9A-Z]{5}-[0-9A-Z]{5}$/ })).toBeVisible();

  // The account was created once: the guard now sends /createAccount to the account.
  await navigateInApp(page, '/createAccount', '/account');
});

test('an account that cannot be created signs the customer out, and the home page says why', async ({ page }) => {
  await register(page, freshEmail('creation-fails'));
  await confirmCode(page);
  await expect(page).toHaveURL((url) => url.pathname === '/createAccount');
  await page.route('**/api/account/CreateAccount', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'The account store is unavailable' }));
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  const notice = page.getByRole('status').filter({ hasText: 'Something went wrong with your account, so we have signed you out.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The account store is unavailable');
  await expect(accountIcon(page, 'Login or register')).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
});

test('a wrong password is refused with a message, and the email is kept', async ({ page }) => {
  const email = freshEmail('wrong-password');
  await newCustomer(page, email);
  await signOut(page);

  await page.goto('/login');
  await signIn(page, email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(accountIcon(page, 'Login or register')).toBeVisible();
});

test('a customer who never confirmed is sent to /confirmAccount on signing in, and confirming there signs them in', async ({ page }) => {
  const email = freshEmail('unconfirmed');
  await register(page, email);

  // Later, in a new visit: the sign-up's password is no longer held.
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === '/confirmAccount');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  await page.getByRole('button', { name: 'Send the code again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have sent you a new code.' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Code' }).fill('000000');
  await page.getByRole('button', { name: 'Confirm account' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right.');
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue('000000');
  // At the field too, where the customer corrects it.
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(/That code is not right\./);
  await expect(page.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Code' }).fill(EMAILED_CODE);
  await page.getByRole('button', { name: 'Confirm account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/createAccount');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(email);
});

test('a forgotten password is reset with the emailed code, and the new one signs in', async ({ page }) => {
  const email = freshEmail('forgot');
  await newCustomer(page, email);
  await signOut(page);

  await page.goto('/forgotPassword');
  await waitForShell(page);
  await expect(page).toHaveURL((url) => url.pathname === '/forgotPassword');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have emailed you a code to reset your password.' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Code' }).fill(EMAILED_CODE);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveAccessibleDescription(/Choose a password of at least 8 characters\./);
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(EMAILED_CODE);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('lapsang-souchong-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed. Sign in with your new password.' })).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('lapsang-souchong-7');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountIcon(page, 'Your account')).toBeVisible();
});

test('a guarded account page sends a signed-out visitor to sign in, and back to it afterwards', async ({ page }) => {
  const email = freshEmail('guarded');
  await newCustomer(page, email);
  await signOut(page);

  await page.goto('/vouchers');
  await waitForShell(page);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/vouchers');
  await signIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === '/vouchers');
  await expect(heading(page, 'Your vouchers')).toBeVisible();
  await expect(page.getByText('You have no vouchers at the moment.')).toBeVisible();
});

test('the profile and an address are refused beside their fields with what was typed kept, then saved and shown on the account', async ({ page }) => {
  const email = freshEmail('profile');
  await newCustomer(page, email);

  await page.getByRole('link', { name: 'Update profile' }).click();
  await expect(heading(page, 'Update your profile')).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name' });
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await name.fill('   ');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(name).toHaveAccessibleDescription('Name must not be empty');
  await expect(phone).toHaveAccessibleDescription(/Phone number must be a UK phone number/);
  await expect(phone).toHaveValue('12345');
  await expect(page).toHaveURL((url) => url.pathname === '/updateProfile');

  await name.fill('Wei Chen');
  await phone.fill('0113 496 0123');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('Wei Chen');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('0113 496 0123');

  await page.getByRole('link', { name: 'Add an address' }).click();
  await expect(heading(page, 'Add an address')).toBeVisible();
  const address1 = page.getByRole('textbox', { name: 'Address line 1' });
  const town = page.getByRole('textbox', { name: 'Town or city' });
  const postcode = page.getByRole('textbox', { name: 'Postcode' });
  await town.fill('Leeds');
  await postcode.fill('LS6');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(address1).toHaveAccessibleDescription('Address line 1 must not be empty');
  await expect(postcode).toHaveAccessibleDescription('Postcode must be a UK postcode, for example LS6 2AB');
  await expect(town).toHaveValue('Leeds');
  await expect(postcode).toHaveValue('LS6');

  await address1.fill('12 Otley Road');
  await page.getByRole('textbox', { name: 'Address line 2 (optional)' }).fill('Headingley');
  await postcode.fill('ls62ab');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  // SPEC §3: an address is shown joined by line breaks.
  const address = page.getByRole('region', { name: 'Your addresses' }).locator('address');
  await expect(address).toHaveCount(1);
  expect(await address.innerText()).toBe('12 Otley Road\nHeadingley\nLeeds\nLS6 2AB');
});

test('deleting the account asks first, ends signed out on the home page, and the email can register again', async ({ page }) => {
  const email = freshEmail('delete');
  await newCustomer(page, email);

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('The restaurant keeps its record of your previous orders');
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  await expect(accountIcon(page, 'Login or register')).toBeVisible();

  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(accountIcon(page, 'Login or register')).toBeVisible();

  await newCustomer(page, email);
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(email);
});

test('a deletion refused for an expired session deletes nothing, and the customer signs in again to find the account kept', async ({ page }) => {
  const email = freshEmail('expired');
  await newCustomer(page, email);
  await page.route('**/api/account/DeleteAccount', (route) => route.fulfill({ status: 401, json: { errorMessage: 'The session has expired' } }));

  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('alert')).toContainText('Your session has expired. Sign in again to delete your account.');
  await expect(accountIcon(page, 'Login or register')).toBeVisible();

  await signIn(page, email);
  await expect(accountIcon(page, 'Your account')).toBeVisible();
  await accountIcon(page, 'Your account').click();
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(email);
});

test('the demo customer’s account shows its discount, points, vouchers, address and orders, and an order is ordered again into the basket', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
  await expect(accountIcon(page, 'Your account')).toBeVisible();

  await accountIcon(page, 'Your account').click();
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details).toContainText('10% off the items of every order');
  await expect(details).toContainText('60 points: 40 more for your next £5.00 voucher');
  await expect(details).toContainText('You have 3 vouchers');
  expect(await page.getByRole('region', { name: 'Your addresses' }).locator('address').innerText()).toBe('14 Headingley Lane\nFlat 3\nLeeds\nWest Yorkshire\nLS6 1BN');
  await expect(page.getByRole('region', { name: 'Previous orders' }).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('link', { name: 'View your vouchers' }).click();
  await expect(page.getByRole('region', { name: 'Money-off vouchers' })).toContainText('£3 off your order: £3.00 off');
  await expect(page.getByRole('region', { name: 'Points vouchers' })).toContainText('£5 off (100 points): £5.00 off');
  await expect(page.getByRole('region', { name: 'Day-specific vouchers' })).toContainText('15% off the items on Fridays');

  await navigateInApp(page, '/viewOrder');
  const orders = page.getByRole('region', { name: /^(Collection|Delivery), / });
  await expect(orders).toHaveCount(2);
  // Newest first: the delivery two days ago, then the collection a week before it.
  await expect(orders.first()).toHaveAccessibleName(/^Delivery, /);
  await expect(orders.nth(1)).toHaveAccessibleName(/^Collection, /);
  const titles = (await orders.first().getByRole('listitem').allInnerTexts()).map((line) => line.replace(/^\d+ × /, '').replace(/ \(.*\)$/, ''));
  expect(titles).toHaveLength(3);

  await orders.first().getByRole('button', { name: /^Order again/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/basket');
  for (const title of titles) await expect(page.getByRole('main')).toContainText(title);
});

test('an address added “for delivery” fills in the delivery step of the order', async ({ page }) => {
  await newCustomer(page, freshEmail('delivery-address'));
  await page.getByRole('link', { name: 'Add an address' }).click();
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('4 Cardigan Road');
  await page.getByRole('textbox', { name: 'Town or city' }).fill('Leeds');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('ls6 1aa');
  await page.getByRole('checkbox', { name: 'Use for delivery' }).check();
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');

  await page.getByRole('banner').getByRole('link', { name: 'Take Away' }).first().click();
  // £7.60 + £6.90 + £3.90 = £18.40, above the delivery minimum.
  for (const title of ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']) await page.getByRole('button', { name: `Add ${title} to order` }).click();
  await openBasket(page, 3);
  await page.getByRole('radio', { name: 'Delivery' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/delivery');
  await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('4 Cardigan Road');
  await expect(page.getByRole('textbox', { name: 'Town or city' })).toHaveValue('Leeds');
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveValue('LS6 1AA');
});
