import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { components } from '../../src/api/schema.gen';
import type { FakeFailureMode, FakeOperation, PayPalFakeState } from '../../src/server/payments/fake/payPalFake';
import { expectStep, reachCollectionCheckout } from './orderSupport';
import { RESTAURANT_NAME } from './shellSupport';

type PaymentErrorData = components['schemas']['PaymentErrorData'];

/** The loopback PayPal fake behind the site's own origin (src/server/payments/fake/sandboxProxy.ts). */
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

/** The next `times` (1) calls of `operation` at the PayPal fake fail as `mode`. */
export async function failAtPayPal(request: APIRequestContext, operation: FakeOperation, mode: FakeFailureMode, times = 1): Promise<void> {
  const told = await request.post(`${PAYPAL_FAKE}/failures`, { data: { operation, mode, times } });
  expect(told.status(), 'the PayPal fake takes the failure').toBe(204);
}

/** Forgets failures asked for and not yet met. */
export async function clearPayPalFailures(request: APIRequestContext): Promise<void> {
  expect((await request.delete(`${PAYPAL_FAKE}/failures`)).status()).toBe(204);
}

export async function payPalFakeState(request: APIRequestContext): Promise<PayPalFakeState> {
  const answer = await request.get(`${PAYPAL_FAKE}/state`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as PayPalFakeState;
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

/** On /checkout: chooses PayPal and goes on to /payment, whatever it then shows. */
export async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

/** /payment with PayPal's buttons ready to use, not a spinner. */
export async function expectPaymentButtons(page: Page): Promise<void> {
  await expectStep(page, '/payment', 'Payment details');
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeEnabled();
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

/** /paymentIssue, titled as SPEC §2 says, telling the customer SPEC §8's `message`. */
export async function expectPaymentIssue(page: Page, message: string): Promise<void> {
  await expectStep(page, '/paymentIssue', 'There has been a payment issue');
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | There has been a payment issue`);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}
