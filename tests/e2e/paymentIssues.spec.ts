import { expect, test } from '@playwright/test';
import { expectStep, placeOrderAndReadReference, reachCollectionCheckout } from './orderSupport';
import {
  basketIdOf,
  continueToPayment,
  expectPaymentButtons,
  expectPaymentIssue,
  failApiCall,
  failAtPayPal,
  makePayPalScriptUnreachable,
  moneyAtPayPal,
  payWithPayPal,
  reachPaymentButtons,
  watchLoggedErrors,
} from './paymentSupport';
import { waitForShell } from './shellSupport';

// SPEC §8's PayPal messages, each shown on /paymentIssue for the failure that really causes it (SPEC §4's error modes).
const ORDER_NOT_LOADED = 'Your order was not loaded correctly.';
const EXTERNAL_PAYPAL_ISSUE = 'There was an external PayPal issue.';
const ACCOUNT_NOT_VERIFIED = 'Your PayPal account is not verified.';
const FAILED_TO_LOAD = 'PayPal failed to load correctly.';

// Each failure at the PayPal fake is kept to its test's basket, and PayPal's script is made unreachable for one page only,
// so these tests run beside any other.
test.describe.configure({ timeout: 60_000 });

test('an unverified PayPal account: "Your PayPal account is not verified.", nothing authorised', async ({ page, request }) => {
  const logged = watchLoggedErrors(page);
  await reachPaymentButtons(page);

  await payWithPayPal(page, 'Unverified');

  await expectPaymentIssue(page, ACCOUNT_NOT_VERIFIED);
  expect(logged).toEqual([expect.objectContaining({ errorMode: 'UnconfirmedPayPalAccount', orderBuilderId: expect.any(String) })]);
  const atPayPal = await moneyAtPayPal(request, await basketIdOf(page));
  expect(atPayPal.orders.map((order) => order.status)).toEqual(['APPROVED']);
  expect(atPayPal.authorisations).toEqual([]);
});

test('createPayPalOrderLink failing: "There was an external PayPal issue."; Try again shows the buttons again', async ({ page }) => {
  const logged = watchLoggedErrors(page);
  await failApiCall(page, 'createPayPalOrderLink');
  await reachPaymentButtons(page);

  await payWithPayPal(page);

  await expectPaymentIssue(page, EXTERNAL_PAYPAL_ISSUE);
  expect(logged).toEqual([expect.objectContaining({ errorMode: 'IssueCreatingPayPalBasketApi', orderBuilderId: expect.any(String) })]);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expectPaymentButtons(page);
});

test('PayPal failing to create the order: "There was an external PayPal issue."', async ({ page, request }) => {
  const logged = watchLoggedErrors(page);
  await reachPaymentButtons(page);

  await failAtPayPal(page, 'create', 'server-error');
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();

  await expectPaymentIssue(page, EXTERNAL_PAYPAL_ISSUE);
  expect(logged).toEqual([expect.objectContaining({ errorMode: 'IssueCreatingPayPalBasketApi', orderBuilderId: expect.any(String) })]);
  await expect(page.getByRole('dialog', { name: 'PayPal sandbox' })).toHaveCount(0);
  expect((await moneyAtPayPal(request, await basketIdOf(page))).orders).toEqual([]);
});

test(`PayPal's authorisation server-error: "There was an external PayPal issue.", nothing held`, async ({ page, request }) => {
  const logged = watchLoggedErrors(page);
  await reachPaymentButtons(page);

  await failAtPayPal(page, 'authorize', 'server-error');
  await payWithPayPal(page);

  await expectPaymentIssue(page, EXTERNAL_PAYPAL_ISSUE);
  expect(logged).toEqual([expect.objectContaining({ errorMode: 'AuthorisationAndCaptureError', orderBuilderId: expect.any(String) })]);
  const atPayPal = await moneyAtPayPal(request, await basketIdOf(page));
  expect(atPayPal.orders).toHaveLength(1);
  expect(atPayPal.authorisations).toEqual([]);
});

test("PayPal's authorisation INSTRUMENT_DECLINED: back on /payment told the card was declined, nothing held, and PayPal then pays", async ({ page, request }) => {
  const logged = watchLoggedErrors(page);
  await reachPaymentButtons(page);

  await failAtPayPal(page, 'authorize', 'declined');
  await payWithPayPal(page);

  await expectPaymentButtons(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Payment declined' })).toContainText('Your card was declined. Try another card, PayPal, or pay with cash');
  expect(logged).toEqual([]);
  const basketId = await basketIdOf(page);
  expect((await moneyAtPayPal(request, basketId)).authorisations).toEqual([]);

  await payWithPayPal(page);
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  const atPayPal = await moneyAtPayPal(request, basketId);
  expect(atPayPal.orders).toHaveLength(2);
  expect(atPayPal.authorisations).toEqual([expect.objectContaining({ status: 'CREATED' })]);
});

test('LogError failing after a failure: "There was an external PayPal issue."', async ({ page }) => {
  const logged = watchLoggedErrors(page);
  await failApiCall(page, 'logError');
  await failApiCall(page, 'createPayPalOrderLink');
  await reachPaymentButtons(page);

  await payWithPayPal(page);

  await expectPaymentIssue(page, EXTERNAL_PAYPAL_ISSUE);
  // The failure it tried to log; the failed log itself is what the customer is told about.
  expect(logged).toEqual([expect.objectContaining({ errorMode: 'IssueCreatingPayPalBasketApi' })]);
});

test('/paymentProcessing opened with no order being paid: "Your order was not loaded correctly.", and the customer can leave', async ({ page }) => {
  const logged = watchLoggedErrors(page);
  await page.goto('/paymentProcessing');
  await waitForShell(page);

  await expectPaymentIssue(page, ORDER_NOT_LOADED);
  expect(logged).toEqual([expect.objectContaining({ errorMode: 'MissingOrderIdOrPayPalOrderId' })]);
  expect(logged[0]).not.toHaveProperty('orderBuilderId');

  // The customer is not kept there: the header's links lead on.
  await page.getByRole('banner').getByRole('link', { name: 'Restaurant', exact: true }).click();
  await expectStep(page, '/restaurant', 'Visit the restaurant');
});

test('PayPal\'s script unreachable: "PayPal failed to load correctly.", then paid in cash and placed', async ({ page }) => {
  const logged = watchLoggedErrors(page);
  await reachCollectionCheckout(page);
  await makePayPalScriptUnreachable(page);
  await continueToPayment(page);

  await expectPaymentIssue(page, FAILED_TO_LOAD);
  expect(logged).toEqual([
    expect.objectContaining({
      errorMode: 'ScriptFailedToLoad',
      message: 'Failed to load the PayPal JS SDK script',
      orderBuilderId: expect.any(String),
    }),
  ]);

  await page.getByRole('button', { name: 'Pay with cash instead' }).click();
  await expectStep(page, '/checkout', 'Order checkout');
  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  await placeOrderAndReadReference(page);
});

test('closing PayPal\'s window, by Escape or its cancel button, leaves the buttons ready to pay', async ({ page }) => {
  const logged = watchLoggedErrors(page);
  await reachPaymentButtons(page);
  const payPal = page.getByRole('dialog', { name: 'PayPal sandbox' });

  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(payPal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(payPal).toHaveCount(0);
  await expectPaymentButtons(page);

  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await payPal.getByRole('button', { name: 'Cancel and return to the restaurant' }).click();
  await expect(payPal).toHaveCount(0);
  await expectPaymentButtons(page);

  await payWithPayPal(page);
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  expect(logged).toEqual([]);
});
