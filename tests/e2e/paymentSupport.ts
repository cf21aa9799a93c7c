import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { components } from '../../src/api/schema.gen';
import type { FakeFailureMode, FakeOperation, PayPalFakeState } from '../../src/server/local/payPal/payPalFake';
import { BASKET_STORAGE_KEY } from '../../src/platform/basketStorage';
import { expectStep, reachCollectionCheckout } from './orderSupport';
import { RESTAURANT_NAME } from './shellSupport';

type PaymentErrorData = components['schemas']['PaymentErrorData'];

/** The loopback PayPal fake behind the site's own origin (src/server/local/payPal/sandboxProxy.ts). */
const PAYPAL_FAKE = '/paypal-sandbox/fake';

/** The site's API calls as the browser makes them (the API is served under /api). */
const API_CALLS = {
  createPayPalOrderLink: '**/api/payment/createPayPalOrderLink',
  authoriseCapture: '**/api/payment/authorise-capture',
  logError: '**/api/payment/LogError',
} as const;

/** Every call the page makes to one of the site's payment calls answers 500, as a server that fails does. */
export async function failApiCall(page: Page, call: keyof typeof API_CALLS): Promise<void> {
  await page.route(API_CALLS[call], (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: `${call} failed` }));
}

/** The basket the page is ordering, as the browser keeps it between visits (src/platform/basketStorage.ts). */
export async function basketIdOf(page: Page): Promise<string> {
  const basketId = await page.evaluate((key) => {
    const saved = JSON.parse(window.localStorage.getItem(key) ?? 'null') as { context?: { basketId?: unknown } } | null;
    return saved?.context?.basketId;
  }, BASKET_STORAGE_KEY);
  expect(typeof basketId, 'the page holds a basket').toBe('string');
  return basketId as string;
}

/**
 * The next `times` (1) calls of `operation` at the PayPal fake about the page's basket fail as `mode`. The fake serves
 * every page of the e2e site, so the failure is kept to this basket: a test in the other worker never meets it.
 */
export async function failAtPayPal(page: Page, operation: Exclude<FakeOperation, 'sdk' | 'token'>, mode: FakeFailureMode, times = 1): Promise<void> {
  const basketId = await basketIdOf(page);
  const told = await page.request.post(`${PAYPAL_FAKE}/failures`, { data: { operation, mode, times, basketId } });
  expect(told.status(), 'the PayPal fake takes the failure').toBe(204);
}

/** PayPal's script answers 503 to this page only, as when PayPal cannot be reached (the fake's `sdk` failure, kept to one page). */
export async function makePayPalScriptUnreachable(page: Page): Promise<void> {
  await page.route('**/paypal-sandbox/sdk/js**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }));
}

/** What the PayPal fake holds for one basket: its PayPal orders, their authorisations and captures. */
export async function moneyAtPayPal(request: APIRequestContext, basketId: string) {
  // The fake is shared by the tests running beside this one: only this basket's orders are read.
  const answer = await request.get(`${PAYPAL_FAKE}/state`);
  expect(answer.ok()).toBe(true);
  const { orders } = (await answer.json()) as PayPalFakeState;
  const ofBasket = orders.filter((order) => order.purchase_units[0]?.custom_id === basketId);
  const payments = ofBasket.map((order) => order.purchase_units[0].payments);
  return {
    orders: ofBasket,
    authorisations: payments.flatMap((held) => held?.authorizations ?? []),
    captures: payments.flatMap((held) => held?.captures ?? []),
  };
}

/** Every body the page sends to LogError, in order (kept whether or not the call succeeds). */
export function watchLoggedErrors(page: Page): PaymentErrorData[] {
  const logged: PaymentErrorData[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/payment/LogError')) {
      logged.push(request.postDataJSON() as PaymentErrorData);
    }
  });
  return logged;
}

/** A guest's collection order (£11.50) through the screens to /payment, paid by PayPal, with PayPal's buttons shown. */
export async function reachPaymentButtons(page: Page): Promise<void> {
  await reachCollectionCheckout(page);
  await continueToPayment(page);
  await expectPaymentButtons(page);
}

/** On /checkout: chooses to pay online (PayPal unless told) and goes on to /payment, whatever it then shows. */
export async function continueToPayment(page: Page, choice: 'PayPal' | 'Debit or credit card' = 'PayPal'): Promise<void> {
  await page.getByRole('radio', { name: choice }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

/**
 * /payment with PayPal's buttons ready to use, not a spinner: both buttons after PayPal was chosen at checkout; after
 * the card, its form open at once, with PayPal one tap away.
 */
export async function expectPaymentButtons(page: Page, chosen: 'PayPal' | 'Debit or credit card' = 'PayPal'): Promise<void> {
  await expectStep(page, '/payment', 'Payment details');
  if (chosen === 'PayPal') await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeEnabled();
  else {
    await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay with PayPal instead' })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Debit or Credit Card' })).toBeEnabled();
  await expect(page.getByLabel(/^(Loading the payment buttons|Taking your payment)$/)).toHaveCount(0);
}

/** Clicks PayPal's button and answers the sandbox's window: pays with a verified or unverified account. */
export async function payWithPayPal(page: Page, account: 'Verified' | 'Unverified' = 'Verified'): Promise<void> {
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  const payPal = page.getByRole('dialog', { name: 'PayPal sandbox' });
  await payPal.getByRole('radio', { name: account, exact: true }).check();
  await payPal.getByRole('button', { name: 'Pay now' }).click();
}

/** PayPal's card button and its form ("Card payment"), filled with `number` and a future expiry. */
export async function payByCard(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card payment' });
  // Open already when the card was chosen at checkout.
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Debit or Credit Card' }).click();
  await form.getByRole('textbox', { name: 'Card number' }).fill(number);
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  await form.getByRole('textbox', { name: 'Expiry date' }).fill(`12/${nextYear}`);
  await form.getByRole('textbox', { name: 'Security code' }).fill('123');
  await form.getByRole('textbox', { name: 'Name on card' }).fill('Mei Chen');
  await form.getByRole('button', { name: 'Pay' }).click();
}

/** /paymentIssue, titled as SPEC §2 says, telling the customer SPEC §8's `message`. */
export async function expectPaymentIssue(page: Page, message: string): Promise<void> {
  await expectStep(page, '/paymentIssue', 'There has been a payment issue');
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | There has been a payment issue`);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}
