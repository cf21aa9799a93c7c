import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PAYMENT_TIMEOUTS } from '../../machines/payment/paymentMachine';
import { FAKE_CARDS } from '../../src/server/local/payPal/fakeCards';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import { expectStep, expectTracked, nextCustomerPoll, reachCollectionCheckout, readOrderReference } from './orderSupport';
import { continueToPayment, expectPaymentButtons, moneyAtPayPal, payByCard, payWithPayPal } from './paymentSupport';
import { waitForShell } from './shellSupport';

// An order paid online, from the menu to the restaurant's acceptance and the tracked order, through the site's PayPal
// sandbox (the loopback fakes of PayPal's JS SDK and REST API); and reloads on the way that must not pay twice.
test.describe.configure({ timeout: 90_000 });

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

// The customer's page polls the acceptance every 10 seconds: on Playwright's clock, a poll is a runFor.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** The basket id of every PayPal order the page asks PayPal to create (its custom_id, SPEC §7). */
function watchPayPalOrders(page: Page): string[] {
  const basketIds: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/v2/checkout/orders')) {
      basketIds.push((request.postDataJSON() as { purchase_units: Array<{ custom_id: string }> }).purchase_units[0].custom_id);
    }
  });
  return basketIds;
}

async function chooseToPayOnline(page: Page, choice: 'PayPal' | 'Debit or credit card'): Promise<void> {
  await reachCollectionCheckout(page);
  await continueToPayment(page, choice);
  await expectPaymentButtons(page, choice);
}

/** The restaurant confirmation's order reference, once the payment placed the order. */
async function placedOrderReference(page: Page): Promise<string> {
  return readOrderReference(page);
}

/** The restaurant accepts; the customer's page shows the accepted order, then tracks it. */
async function acceptAndTrack(page: Page, reference: string): Promise<void> {
  await kitchen.accept(reference);
  await nextCustomerPoll(page);
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Cash on collection')).toHaveCount(0);
  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/track' && url.searchParams.get('orderId') === reference);
  await expectTracked(page, 'Your order is in the queue', 'Ordered');
}

const ways = [
  { choice: 'Debit or credit card', pay: (page: Page) => payByCard(page, FAKE_CARDS.approved), source: 'card' },
  { choice: 'PayPal', pay: (page: Page) => payWithPayPal(page), source: 'paypal' },
] as const;

for (const { choice, pay, source } of ways) {
  test(`paid with ${choice}: placed, accepted and tracked, the money held once and taken once`, async ({ page, request }) => {
    const basketIds = watchPayPalOrders(page);
    await chooseToPayOnline(page, choice);
    await pay(page);
    const reference = await placedOrderReference(page);

    const [basketId] = basketIds;
    expect(basketIds).toEqual([basketId]);
    const held = await moneyAtPayPal(request, basketId);
    expect(held.orders).toHaveLength(1);
    expect(Object.keys(held.orders[0].payment_source ?? {})).toEqual([source]);
    if (source === 'card') {
      expect(held.orders[0].payment_source?.card?.authentication_result?.liability_shift).toBe('POSSIBLE');
    }
    expect(held.authorisations).toEqual([expect.objectContaining({ status: 'CREATED', amount: { currency_code: 'GBP', value: '11.60' } })]);
    expect(held.captures).toHaveLength(0);

    await acceptAndTrack(page, reference);
    // Accepting captures through the server's payment outbox, which runs beside the request.
    const captureStatuses = async () => (await moneyAtPayPal(request, basketId)).captures.map((capture) => capture.status);
    await expect.poll(captureStatuses).toEqual(['COMPLETED']);
    const taken = await moneyAtPayPal(request, basketId);
    expect(taken.authorisations.map((authorisation) => authorisation.status)).toEqual(['CAPTURED']);
    expect(taken.captures[0].amount).toEqual({ currency_code: 'GBP', value: '11.60' });
  });
}

test('a reload on /payment brings the buttons back with nothing charged, and the order is then paid once', async ({ page, request }) => {
  const basketIds = watchPayPalOrders(page);
  await chooseToPayOnline(page, 'PayPal');
  // PayPal's window is open over the page, with its order created but not approved.
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'PayPal sandbox' })).toBeVisible();

  await page.reload();
  await waitForShell(page);
  await expectPaymentButtons(page);
  await expect(page.getByRole('dialog', { name: 'PayPal sandbox' })).toHaveCount(0);
  const [basketId] = basketIds;
  const untouched = await moneyAtPayPal(request, basketId);
  expect(untouched.orders.map((order) => order.status)).toEqual(['CREATED']);
  expect(untouched.authorisations).toHaveLength(0);

  await payWithPayPal(page);
  await placedOrderReference(page);
  expect(new Set(basketIds)).toEqual(new Set([basketId]));
  const paid = await moneyAtPayPal(request, basketId);
  expect(paid.orders.map((order) => order.status).sort()).toEqual(['COMPLETED', 'CREATED']);
  expect(paid.authorisations).toHaveLength(1);
});

/**
 * The page's first authorise-capture reaches the server, which authorises and places the order, but its answer never
 * reaches the page. `answeredAtServer` settles once the server has answered; `calls` are the bodies of every call.
 */
async function loseFirstAuthoriseAnswer(page: Page): Promise<{ calls: unknown[]; answeredAtServer: Promise<void> }> {
  const calls: unknown[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST' && new URL(call.url()).pathname.endsWith('/payment/authorise-capture')) calls.push(call.postDataJSON());
  });
  const answeredAtServer = new Promise<void>((resolve) => {
    void page.route(
      '**/api/payment/authorise-capture',
      async (route) => {
        expect((await route.fetch()).status()).toBe(200);
        resolve();
      },
      { times: 1 },
    );
  });
  return { calls, answeredAtServer };
}

/** One PayPal order for the basket, authorised once, whatever the page asked twice for the same PayPal order. */
async function expectPaidOnce(request: APIRequestContext, basketIds: string[], authoriseCalls: unknown[]): Promise<void> {
  const [basketId] = basketIds;
  expect(basketIds).toEqual([basketId]);
  expect(authoriseCalls).toHaveLength(2);
  expect(authoriseCalls[1]).toEqual(authoriseCalls[0]);
  const held = await moneyAtPayPal(request, basketId);
  expect(held.orders).toHaveLength(1);
  expect(held.authorisations).toEqual([expect.objectContaining({ status: 'CREATED' })]);
}

test('a reload on /paymentProcessing while the server authorises places the order once and authorises once', async ({ page, request }) => {
  const basketIds = watchPayPalOrders(page);
  await chooseToPayOnline(page, 'Debit or credit card');
  const authorise = await loseFirstAuthoriseAnswer(page);

  await payByCard(page, FAKE_CARDS.approved);
  await expectStep(page, '/paymentProcessing', 'Processing your payment');
  await authorise.answeredAtServer;
  // The reloaded page asks authorise-capture again for the PayPal order it linked.
  await page.reload();
  await waitForShell(page);
  const reference = await placedOrderReference(page);

  await expectPaidOnce(request, basketIds, authorise.calls);
  await acceptAndTrack(page, reference);
});

/** Paid with PayPal up to /paymentProcessing, the server's answer to authorise-capture lost on the way back. */
async function payWithPayPalAnswerLost(page: Page): Promise<{ calls: unknown[] }> {
  await chooseToPayOnline(page, 'PayPal');
  const authorise = await loseFirstAuthoriseAnswer(page);
  await payWithPayPal(page);
  await expectStep(page, '/paymentProcessing', 'Processing your payment');
  await authorise.answeredAtServer;
  return authorise;
}

test('a tab closed while the server authorised: back on the site, Continue to payment finishes that payment and shows the order placed, paid once', async ({ page, context, request }) => {
  const basketIds = watchPayPalOrders(page);
  const authorise = await payWithPayPalAnswerLost(page);
  await page.close();

  // Later, in a new tab of the same browser: the basket is still at the checkout, as the device last knew it.
  const back = await context.newPage();
  await back.clock.install();
  const secondPayPalOrders = watchPayPalOrders(back);
  back.on('request', (call) => {
    if (call.method() === 'POST' && new URL(call.url()).pathname.endsWith('/payment/authorise-capture')) authorise.calls.push(call.postDataJSON());
  });
  await back.goto('/checkout');
  await waitForShell(back);
  await back.getByRole('button', { name: 'Continue to payment' }).click();
  const reference = await placedOrderReference(back);
  await expect(back).toHaveURL((url) => url.pathname === '/restaurant-confirmation');

  expect(secondPayPalOrders).toEqual([]);
  await expectPaidOnce(request, basketIds, authorise.calls);
  await acceptAndTrack(back, reference);
});

test('Try again after an unanswered authorise-capture asks again for the same PayPal order: authorised once', async ({ page, request }) => {
  const basketIds = watchPayPalOrders(page);
  const authorise = await payWithPayPalAnswerLost(page);
  // The page gives up at its time limit, not knowing whether the money is held.
  await page.clock.fastForward(PAYMENT_TIMEOUTS.authoriseMs);
  await expectStep(page, '/paymentIssue', 'There has been a payment issue');
  await expect(page.getByText('There was an external PayPal issue.', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Try again' }).click();
  await placedOrderReference(page);
  await expectPaidOnce(request, basketIds, authorise.calls);
});
