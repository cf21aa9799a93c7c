import { expect, test, type Page } from '@playwright/test';
import type { components } from '../../src/api/schema.gen';
import { accountIcon, freshEmail, newCustomer, signIn } from './accountSupport';
import { londonDate } from './londonCalendar';
import { addDishes, chooseFirstLaterSlot, chooseOrderTypeAndContinue, enterContact, expectStep, openBasket, placeOrderAndReadReference } from './orderSupport';
import { kitchenApi } from './kitchenApi';
import { navigateInApp } from './shellSupport';

type PricedOrder = components['schemas']['Order'];

// The demo customer (README's demo accounts): a 10 % discount, a £3 voucher, a £5 points voucher, 15 % off on Fridays,
// two previous orders. Its account is shared by the whole run, so these tests never confirm an order with it.
const DEMO_CUSTOMER_EMAIL = 'customer@golden-dragon.example';
const DEMO_CUSTOMER_PASSWORD = 'customer-demo-2026';

const gbp = (pounds: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pounds);
const minus = (pounds: number) => `−${gbp(Math.abs(pounds))}`;

/** The order as the server priced it in answer to the update that `action` leads to: the figures the screens must show. */
async function pricedAfter(page: Page, action: () => Promise<void>): Promise<PricedOrder> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/orderbuilder/update') && response.request().method() === 'POST' && response.ok(),
  );
  await action();
  return ((await (await answer).json()) as { data: { order: PricedOrder } }).data.order;
}

function breakdownRow(page: Page, label: string | RegExp) {
  return page.getByRole('list', { name: 'Cost breakdown' }).getByRole('listitem').filter({ hasText: label });
}

/** The breakdown shows the server's last answer, each discount on its own line. */
async function expectServerFigures(page: Page, order: PricedOrder): Promise<void> {
  await expect(breakdownRow(page, /^Items/)).toContainText(gbp(order.orignalItemCost));
  await expect(breakdownRow(page, `Your ${order.discount}% discount`)).toContainText(minus(order.profileDiscountValue));
  for (const voucher of order.voucherItems) await expect(breakdownRow(page, voucher.title)).toContainText(minus(voucher.lineCost));
  await expect(breakdownRow(page, 'Bag charge')).toContainText(gbp(order.bagCharge));
  await expect(breakdownRow(page, /^Total/)).toContainText(gbp(order.totalCost));
}

test('a guest who signs in at checkout gets the profile discount and applies a voucher, each a line with the server’s figures', async ({ page }) => {
  // £7.60 + £6.90 + £3.90 = £18.40: above the £10 collection minimum with every discount taken off.
  await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
  await openBasket(page, 3);
  await chooseOrderTypeAndContinue(page, 'Collection');
  await enterContact(page);
  await chooseFirstLaterSlot(page);
  await expectStep(page, '/checkout', 'Order checkout');
  await expect(breakdownRow(page, /discount/)).toHaveCount(0);

  await page.getByRole('link', { name: 'Sign in to use your discount and vouchers' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/checkout');
  // Signing in prices the basket again for the customer (SPEC §6).
  const forCustomer = await pricedAfter(page, () => signIn(page, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD));
  await expectStep(page, '/checkout', 'Order checkout');
  expect(forCustomer.profileDiscountValue).toBe(1.84);
  await expectServerFigures(page, forCustomer);

  const vouchers = page.getByRole('region', { name: 'Your vouchers' });
  const withVoucher = await pricedAfter(page, () => vouchers.getByRole('button', { name: 'Apply £3 off your order' }).click());
  await expect(vouchers.getByRole('button', { name: 'Remove £3 off your order' })).toBeVisible();
  await expect(breakdownRow(page, '£3 off your order')).toContainText(minus(3));
  expect(withVoucher.voucherItems.map((voucher) => voucher.title)).toEqual(['£3 off your order']);
  expect(withVoucher.discountValue).toBeCloseTo(withVoucher.profileDiscountValue + 3, 2);
  await expectServerFigures(page, withVoucher);

  // The day-specific voucher: offered on a Friday only (the server's own rule), and otherwise says when it can be used.
  const fridayRow = vouchers.getByRole('listitem').filter({ hasText: '15% off on Fridays' });
  if (londonDate(0).weekday === 'Friday') {
    await expect(fridayRow).toContainText('Can be used on Fridays: today it can');
    const afterFridayVoucher = await pricedAfter(page, () => vouchers.getByRole('button', { name: 'Apply 15% off on Fridays' }).click());
    await expect(breakdownRow(page, '15% off on Fridays')).toContainText(minus(2.76));
    await expectServerFigures(page, afterFridayVoucher);
    await pricedAfter(page, () => vouchers.getByRole('button', { name: 'Remove 15% off on Fridays' }).click());
  } else {
    await expect(fridayRow).toContainText('Can be used on Fridays only, so not today');
    await expect(fridayRow.getByRole('button')).toHaveCount(0);
    await expect(breakdownRow(page, '15% off on Fridays')).toHaveCount(0);
  }

  const withoutFixed = await pricedAfter(page, () => vouchers.getByRole('button', { name: 'Remove £3 off your order' }).click());
  await expect(breakdownRow(page, '£3 off your order')).toHaveCount(0);
  await expect(vouchers.getByRole('button', { name: 'Apply £3 off your order' })).toBeVisible();
  await expectServerFigures(page, withoutFixed);
  // The basket shows the same lines.
  await page.getByRole('link', { name: 'Change your basket' }).click();
  await expectStep(page, '/basket', 'Your basket');
  await expectServerFigures(page, withoutFixed);
});

test('a signed-in customer finds their details filled in, confirms with confirmAuth and earns points once the restaurant accepts', async ({ page, baseURL }) => {
  const email = freshEmail('points');
  await newCustomer(page, email, { name: 'Sam Lee', phone: '07700 900456' });
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('0 points');

  // £7.60 + £3.90 = £11.50.
  await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(page, 2);
  await chooseOrderTypeAndContinue(page, 'Collection');
  await expectStep(page, '/contact', 'Enter your contact details');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Sam Lee');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('07700 900456');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await chooseFirstLaterSlot(page);
  await expectStep(page, '/checkout', 'Order checkout');
  await expect(page.getByText(`Sam Lee, 07700 900456, ${email}`)).toBeVisible();

  const confirmation = page.waitForRequest((request) => request.method() === 'POST' && /\/orderbuilder\/confirm(Auth)?$/.test(request.url()));
  const orderRef = await placeOrderAndReadReference(page);
  expect((await confirmation).url()).toMatch(/\/orderbuilder\/confirmAuth$/);

  // The order is listed at once; its points come when the restaurant accepts it (docs/accounts.md).
  await accountIcon(page, 'Your account').click();
  await expect(page.getByRole('region', { name: 'Previous orders' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('0 points');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('An order earns its points when the restaurant accepts it.');
  await (await kitchenApi(baseURL!)).accept(orderRef);
  await page.reload();
  // A point per whole pound of the discounted item total, £11.50 here.
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('11 points');
});

test('ordering a previous order again fills the basket with what is still on the menu, says what is not, and prices it for the customer', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
  await expect(accountIcon(page, 'Your account')).toBeVisible();

  await navigateInApp(page, '/viewOrder');
  // The older order (a collection) had the soft-shell crab, no longer available.
  const olderOrder = page.getByRole('region', { name: /^Collection, / });
  const crab = 'Soft-shell Crab with Chilli & Garlic';
  await expect(olderOrder.getByRole('listitem').filter({ hasText: crab })).toHaveCount(1);
  const titles = (await olderOrder.getByRole('listitem').allInnerTexts()).map((line) => line.replace(/^\d+ × /, '').replace(/ \(.*\)$/, ''));
  const rebuilt = await pricedAfter(page, () => olderOrder.getByRole('button', { name: /^Order again/ }).click());

  await expectStep(page, '/basket', 'Your basket');
  const notice = page.getByRole('alert').filter({ hasText: 'Some dishes are no longer available' });
  await expect(notice).toContainText(crab);
  const lines = page.getByRole('list', { name: 'Items in your basket' });
  await expect(lines.getByRole('listitem')).toHaveCount(titles.length - 1);
  for (const title of titles.filter((title) => title !== crab)) await expect(lines).toContainText(title);
  expect(rebuilt.discount).toBe(10);
  await expectServerFigures(page, rebuilt);

  await notice.getByRole('button', { name: 'Dismiss the notice of dishes no longer available' }).click();
  await expect(notice).toHaveCount(0);
});

test('a signed-in customer chooses one of their saved addresses for delivery', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
  await expect(accountIcon(page, 'Your account')).toBeVisible();
  // £7.60 + £6.90 + £3.90 = £18.40, above the delivery minimum.
  await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
  await openBasket(page, 3);
  await chooseOrderTypeAndContinue(page, 'Delivery');
  await expectStep(page, '/delivery', 'Enter your delivery details');
  // Their first saved address is filled in; typing over it or choosing another stays open.
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveValue('LS6 1BN');
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('');

  const saved = page.getByRole('region', { name: 'Your saved addresses' }).getByRole('button', { name: 'Deliver to 14 Headingley Lane, Flat 3, Leeds, LS6 1BN' });
  // Shown a line at a time (SPEC §3).
  expect((await saved.innerText()).split('\n')).toEqual(['14 Headingley Lane', 'Flat 3', 'Leeds', 'LS6 1BN']);
  await saved.click();
  await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('14 Headingley Lane');
  await expect(page.getByRole('textbox', { name: 'Address line 2 (optional)' })).toHaveValue('Flat 3');
  await expect(page.getByRole('textbox', { name: 'Town or city' })).toHaveValue('Leeds');
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveValue('LS6 1BN');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, '/contact', 'Enter your contact details');
  // The account's details, filled in for them.
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Mei Chen');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_CUSTOMER_EMAIL);
});
