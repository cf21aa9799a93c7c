import { readFileSync } from 'node:fs';
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { headlessShellPath } from '../../scripts/chromium.mjs';
import { CARD_VERIFICATION } from '../../src/domain/payPalOrder';
import { FAKE_CARDS } from '../../src/server/local/payPal/fakeCards';
import { LOCAL_PAYPAL_CLIENT_ID as clientId, startPayPalFake, type PayPalFake } from '../../src/server/local/payPal/payPalFake';

const orderRequest = {
  intent: 'AUTHORIZE',
  purchase_units: [{ reference_id: 'basket-sdk-fake', custom_id: 'basket-sdk-fake', amount: { currency_code: 'GBP', value: '12.50' } }],
};
const loaderScript = readFileSync(new URL('../../node_modules/@paypal/paypal-js/dist/iife/paypal-js.min.js', import.meta.url), 'utf8');

interface Received {
  name: 'createOrder' | 'created' | 'onApprove' | 'orderGot' | 'onCancel' | 'onError';
  data: Record<string, unknown>;
}

// The shop's page as PayPal's own loader sees it: the SDK is loaded through paypal-js with the site's provider options
// and PayPalButtons' callbacks record what they receive.
const shopPage = `<!doctype html>
<html lang="en-GB"><head><title>Payment details</title><script src="/paypal-js.min.js"></script></head>
<body><main><h1>Payment details</h1><div id="buttons"></div></main>
<script>
  window.received = [];
  function record(name) {
    return function (data) { window.received.push({ name: name, data: data instanceof Error ? { message: data.message } : data }); };
  }
  var query = new URLSearchParams(location.search);
  var fundingSource = query.get('fundingSource') || undefined;
  // As the site does, a card's order asks for 3-D Secure when required, unless the test leaves it out.
  var cardPaymentSource = query.get('verification') === 'none'
    ? undefined
    : ${JSON.stringify({ card: { attributes: { verification: CARD_VERIFICATION } } })};
  window.rendered = paypalLoadScript({ clientId: '${clientId}', environment: 'sandbox', sdkBaseUrl: '/paypal-sandbox/sdk/js',
    currency: 'GBP', intent: 'authorize', enableFunding: 'card', disableFunding: 'sofort' })
    .then(function (paypal) {
      return paypal.Buttons({
        fundingSource: fundingSource,
        createOrder: function (data, actions) {
          record('createOrder')(data);
          var request = ${JSON.stringify(orderRequest)};
          if (data.paymentSource === 'card' && cardPaymentSource) request.payment_source = cardPaymentSource;
          return actions.order.create(request).then(function (orderId) {
            record('created')({ orderID: orderId });
            return orderId;
          });
        },
        onApprove: function (data, actions) {
          record('onApprove')(data);
          return actions.order.get().then(function (order) { record('orderGot')({ id: order.id, status: order.status }); });
        },
        onCancel: record('onCancel'),
        onError: record('onError'),
      }).render('#buttons');
    });
</script></body></html>`;

describe('the JS SDK fake, driven in Chromium through @paypal/paypal-js', () => {
  let fake: PayPalFake;
  let site: Server;
  let siteUrl: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fake = await startPayPalFake({ port: 0 });
    site = createServer((request, response) => serveShop(request, response, fake.url));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: headlessShellPath, args: ['--no-sandbox'] });
  });

  afterEach(async () => {
    await page?.close();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await fake?.close();
  });

  async function openShop(fundingSource?: 'card', { askFor3DSecure = true } = {}): Promise<void> {
    page = await browser.newPage();
    const query = new URLSearchParams({ ...(fundingSource ? { fundingSource } : {}), ...(askFor3DSecure ? {} : { verification: 'none' }) });
    await page.goto(`${siteUrl}/?${query}`);
    await page.evaluate(() => (window as unknown as { rendered: Promise<void> }).rendered);
  }

  const received = (): Promise<Received[]> => page.evaluate(() => (window as unknown as { received: Received[] }).received);
  const callbacks = async () => (await received()).filter((entry) => entry.name.startsWith('on')).map((entry) => entry.name);
  const createdOrderId = async () => (await received()).find((entry) => entry.name === 'created')?.data.orderID as string;

  async function approvedData(): Promise<Record<string, unknown>> {
    await expect.poll(callbacks).toEqual(['onApprove']);
    return (await received()).find((entry) => entry.name === 'onApprove')!.data;
  }

  const orderAtPayPal = (orderId: string) => fake.control.orders().orders.find((order) => order.id === orderId);

  it('is accepted by the loader and renders both funding buttons in a group named "PayPal sandbox"', async () => {
    await openShop();
    const buttons = page.getByRole('group', { name: 'PayPal sandbox' }).getByRole('button');
    expect(await buttons.allTextContents()).toEqual(['PayPal', 'Debit or Credit Card']);
    const sdk = await page.evaluate(() => {
      const paypal = (window as unknown as { paypal: { version: string; FUNDING: object; getFundingSources(): string[] } }).paypal;
      return { version: paypal.version, FUNDING: paypal.FUNDING, sources: paypal.getFundingSources() };
    });
    expect(sdk).toEqual({ version: expect.stringMatching(/^5\./), FUNDING: { PAYPAL: 'paypal', CARD: 'card' }, sources: ['paypal', 'card'] });
  });

  it('approves with a verified account: the order is created from the request and onApprove gets its id', async () => {
    await openShop();
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PayPal sandbox' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('VERIFIED');
    expect(await dialog.getByRole('radio', { name: 'Verified', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Pay now' }).click();

    const data = await approvedData();
    const orderId = await createdOrderId();
    const order = orderAtPayPal(orderId)!;
    expect(data).toMatchObject({ orderID: orderId, paymentSource: 'paypal', facilitatorAccessToken: expect.any(String) });
    expect(data.payerID).toBe(order.payment_source?.paypal?.account_id);
    expect((await received())[0]).toEqual({ name: 'createOrder', data: { paymentSource: 'paypal' } });
    await expect.poll(async () => (await received()).find((entry) => entry.name === 'orderGot')?.data).toEqual({ id: orderId, status: 'APPROVED' });
    expect(order).toMatchObject({ status: 'APPROVED', payment_source: { paypal: { account_status: 'VERIFIED' } } });
    expect(order.purchase_units[0]).toMatchObject(orderRequest.purchase_units[0]);
    expect(await dialog.count()).toBe(0);
  });

  it('approves with an unverified account when the customer chooses it', async () => {
    await openShop();
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PayPal sandbox' });
    await dialog.getByRole('radio', { name: 'Unverified' }).check();
    await dialog.getByRole('button', { name: 'Pay now' }).click();

    expect(await approvedData()).toMatchObject({ orderID: await createdOrderId(), paymentSource: 'paypal' });
    expect(orderAtPayPal(await createdOrderId())).toMatchObject({ payment_source: { paypal: { account_status: 'UNVERIFIED' } } });
  });

  it('calls onCancel with the order id when the customer cancels, by button or by Escape', async () => {
    await openShop();
    const dialog = page.getByRole('dialog', { name: 'PayPal sandbox' });
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel and return to the restaurant' }).click();
    await expect.poll(callbacks).toEqual(['onCancel']);
    expect(await dialog.count()).toBe(0);

    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(callbacks).toEqual(['onCancel', 'onCancel']);
    const orderIds = (await received()).filter((entry) => entry.name === 'created').map((entry) => entry.data.orderID);
    const cancelled = (await received()).filter((entry) => entry.name === 'onCancel').map((entry) => entry.data);
    expect(cancelled).toEqual(orderIds.map((orderID) => ({ orderID })));
    expect(orderAtPayPal(orderIds[0] as string)?.status).toBe('CREATED');
  });

  it('pays by card: only the card button is rendered for that funding source, its form opens at once and approves the order', async () => {
    await openShop('card');
    // The card chosen already: its form is open without a click, for the one order created for it.
    await page.getByRole('form', { name: 'Card payment' }).waitFor();
    expect(await page.getByRole('group', { name: 'PayPal sandbox' }).getByRole('button', { name: 'Debit or Credit Card' }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'PayPal sandbox' }).getByRole('button', { name: 'PayPal', exact: true }).count()).toBe(0);
    await payByCard('4111 1111 1111 1111');

    expect(await approvedData()).toMatchObject({ orderID: await createdOrderId(), paymentSource: 'card' });
    expect(orderAtPayPal(await createdOrderId())).toMatchObject({
      status: 'APPROVED',
      payment_source: { card: { last_digits: '1111', authentication_result: { liability_shift: 'POSSIBLE' } } },
    });
  });

  it('runs 3-D Secure only for a card order that asked for it: without, PayPal reports no authentication result', async () => {
    await openShop('card', { askFor3DSecure: false });
    await payByCard(FAKE_CARDS.approved);

    expect(await approvedData()).toMatchObject({ orderID: await createdOrderId(), paymentSource: 'card' });
    const order = orderAtPayPal(await createdOrderId())!;
    expect(order).toMatchObject({ status: 'APPROVED', payment_source: { card: { last_digits: '1111' } } });
    expect(order.payment_source?.card).not.toHaveProperty('authentication_result');
  });

  it('with 3-D Secure asked for, the test card that fails it is approved without a liability shift', async () => {
    await openShop('card');
    await payByCard(FAKE_CARDS.secureCustomerAuthenticationFailed);

    await approvedData();
    expect(orderAtPayPal(await createdOrderId())?.payment_source?.card?.authentication_result).toEqual({
      liability_shift: 'NO',
      three_d_secure: { enrollment_status: 'Y', authentication_status: 'N' },
    });
  });

  it('shows the refusal of a card number that fails the Luhn check at the number field and lets the customer correct it', async () => {
    await openShop();
    await page.getByRole('button', { name: 'Debit or Credit Card' }).click();
    await payByCard('4111111111111112');

    const form = page.getByRole('form', { name: 'Card payment' });
    const number = form.getByRole('textbox', { name: 'Card number' });
    await form.locator('[aria-invalid="true"]').waitFor();
    const refusal = await fetch(`${fake.url}/fake/orders/${await createdOrderId()}/approve`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${clientId}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paymentSource: 'card', card: { number: '4111111111111112', expiry: '12/30', securityCode: '123' } }),
    });
    expect(refusal.status).toBe(422);
    const refusalBody = await refusal.json();
    expect(refusalBody.details).toEqual([expect.objectContaining({ field: '/payment_source/card/number', issue: 'CARD_NUMBER_INVALID' })]);
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    const messageId = await number.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${messageId}"]`).textContent()).toBe(refusalBody.details[0].description);
    expect(await callbacks()).toEqual([]);

    await payByCard('4111111111111111');
    expect(await approvedData()).toMatchObject({ orderID: await createdOrderId(), paymentSource: 'card' });
    expect((await received()).filter((entry) => entry.name === 'created')).toHaveLength(1);
  });

  it('calls onError when the fake fails to create the order, and opens no dialog', async () => {
    await openShop();
    fake.control.failNext('create', 'server-error');
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();

    await expect.poll(callbacks).toEqual(['onError']);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  async function payByCard(cardNumber: string): Promise<void> {
    const form = page.getByRole('form', { name: 'Card payment' });
    await form.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
    await form.getByRole('textbox', { name: 'Expiry date' }).fill('12/30');
    await form.getByRole('textbox', { name: 'Security code' }).fill('123');
    await form.getByRole('textbox', { name: 'Name on card' }).fill('Mei Chen');
    await form.getByRole('button', { name: 'Pay' }).click();
  }
});

// The site proxies /paypal-sandbox/* to the fake, so the SDK is served from the page's own origin as in production.
function serveShop(request: IncomingMessage, response: ServerResponse, fakeUrl: string): void {
  const path = request.url ?? '/';
  if (path.startsWith('/paypal-sandbox/')) {
    const upstream = forward(new URL(path.slice('/paypal-sandbox'.length), fakeUrl), { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
    request.pipe(upstream);
    return;
  }
  if (path === '/paypal-js.min.js') {
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(loaderScript);
    return;
  }
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(shopPage);
}
