import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { countChimes, nextKitchenPoll as nextPoll, openDashboard, STAFF_EMAIL, STAFF_PASSWORD, ticketIn, ticketOf } from './kitchenSupport';
import { RESTAURANT_NAME } from './shellSupport';

const identification = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };
const leedsAddress = { address1: '4 Cardigan Road', address2: '', town: 'Leeds', postcode: 'LS6 1LJ' };

type OrderType = 'collection' | 'delivery';

/**
 * A customer's order placed through the real API, as the site places it: a basket, its lines and details, confirmed
 * (in cash, or paid with PayPal in the site's sandbox), and its acceptance requested. The server's clock is real, so
 * the first time slot it offers is chosen.
 */
async function placeOrder(request: APIRequestContext, orderType: OrderType, customer: string, payment: 'cash' | 'paypal' = 'cash'): Promise<string> {
  const orderTypeValue = orderType === 'delivery' ? 2 : 1;
  const created = await request.get('/api/OrderBuilder/create', { headers: identification });
  expect(created.ok()).toBe(true);
  const { basketId } = (await created.json()).data;
  const slots = (await (await request.get(`/api/orderbuilder/timeSlots/${orderTypeValue}`, { headers: identification })).json()).data;
  const updated = await request.post('/api/orderbuilder/update', {
    headers: identification,
    data: {
      basketId,
      menuVersion: 1,
      sourceType: 'Website',
      os: 'web',
      osVersion: 'Linux',
      appVersion: '1.0.81',
      voucherItems: [],
      itemCost: 0,
      deliveryCharge: 0,
      bagCharge: 0,
      discount: 0,
      totalCost: 0,
      ignoreTimeOffset: false,
      orderType: orderTypeValue,
      orderItems: [{ categoryId: 1, itemId: 109, quantity: 2, title: 'Mixed Starter for Two', itemCost: 0, lineCost: 0, specialRequest: 'No sesame' }],
      ...(orderType === 'delivery' ? { deliveryAddress: leedsAddress } : {}),
      name: customer,
      phone: '07700 900123',
      email: 'kitchen.e2e@example.com',
      asapFlag: false,
      requestedTime: slots.slots[0],
      paymentType: payment === 'cash' ? 1 : 2,
      notes: 'Please ring the bell',
    },
  });
  expect(updated.ok(), await updated.text()).toBe(true);
  const confirmed =
    payment === 'cash'
      ? await request.post('/api/orderbuilder/confirm', { headers: identification, data: { basketId } })
      : await payWithPayPal(request, basketId, (await updated.json()).data.order.totalCost);
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const { orderRef } = (await confirmed.json()).data;
  const requested = await request.post('/api/orderbuilder/createAcceptance', { headers: identification, data: { basketId } });
  expect(requested.ok(), await requested.text()).toBe(true);
  return orderRef;
}

/** What PayPal's buttons and the payer do in the site's sandbox (the loopback fake), then the site's authorise-capture. */
async function payWithPayPal(request: APIRequestContext, basketId: string, totalCost: number): Promise<APIResponse> {
  const { payPal } = (await (await request.get('/config.json')).json()) as { payPal: { clientId: string } };
  const created = await request.post('/paypal-sandbox/v2/checkout/orders', {
    headers: { authorization: `Bearer ${payPal.clientId}` },
    data: {
      intent: 'AUTHORIZE',
      purchase_units: [{ reference_id: basketId, custom_id: basketId, amount: { currency_code: 'GBP', value: totalCost.toFixed(2) } }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: payPalOrderId } = (await created.json()) as { id: string };
  expect((await request.post(`/paypal-sandbox/fake/orders/${payPalOrderId}/approve`, { data: { paymentSource: 'paypal' } })).ok()).toBe(true);
  const link = { orderBuilderId: basketId, payPalId: payPalOrderId, paymentSource: 'paypal' };
  expect((await request.post('/api/payment/createPayPalOrderLink', { headers: identification, data: link })).ok()).toBe(true);
  return request.post('/api/payment/authorise-capture', { headers: identification, data: { orderBuilderId: basketId, payPalOrderId } });
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('a signed-out visitor to /kitchen is sent to sign in, and comes back to the dashboard', async ({ page }) => {
  await page.goto('/kitchen');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/kitchen');
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tap to turn on sound' })).toBeVisible();
  // Other tests' orders may be waiting, which prefixes the title with their count.
  await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${RESTAURANT_NAME} \\| Kitchen$`));
});

test('a new delivery order appears without a reload with the alert, is accepted and walked through every status to Completed', async ({ page, request }) => {
  await openDashboard(page);
  const orderRef = await placeOrder(request, 'delivery', 'Dee Livery');
  await nextPoll(page);

  const ticket = ticketIn(page, 'New', orderRef);
  await expect(ticket).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /new orders? waiting for an answer/ })).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) Golden Dragon \| Kitchen$/);
  await expect(ticket.getByRole('list', { name: 'Items' })).toContainText('2 ×9. Mixed Starter for Two双人什锦拼盘');
  await expect(ticket).toContainText('Request: No sesame');
  await expect(ticket).toContainText('Notes: Please ring the bell');
  await expect(ticket).toContainText('4 Cardigan Road, Leeds, LS6 1LJ');
  await expect(ticket).toContainText('Cash on delivery');
  // The server's clock is the real one: while the restaurant is closed the order is a pre-order, whose clock has not started.
  await expect(ticket.getByText(/^Refused automatically in \d+:\d\d$|^Answer from .*: refused automatically at .* if nobody answers\.$/)).toBeVisible();

  await ticket.getByRole('button', { name: 'Accept', exact: true }).click();
  const inProgress = ticketIn(page, 'In progress', orderRef);
  await expect(inProgress).toContainText('Ordered');
  for (const [button, status] of [
    ['Start cooking', 'Cooking'],
    ['Ready', 'Ready'],
    ['Out for delivery', 'Out for delivery'],
  ] as const) {
    await inProgress.getByRole('button', { name: button, exact: true }).click();
    await expect(inProgress.getByRole('button', { name: button, exact: true })).toHaveCount(0);
    await expect(inProgress.getByText(status, { exact: true })).toBeVisible();
  }
  await inProgress.getByRole('button', { name: 'Completed', exact: true }).click();
  const done = ticketIn(page, 'Done today', orderRef);
  await expect(done.getByText('Completed', { exact: true })).toBeVisible();
  // A cash order has nothing to refund, so a completed one has no buttons left but printing.
  await expect(done.getByRole('button')).toHaveCount(0);
  await expect(done.getByRole('link', { name: 'Print ticket' })).toBeVisible();
});

test('the chime sounds at once and every 5 seconds while a new order waits unacknowledged, until muted', async ({ page, request }) => {
  const oscillators = await countChimes(page);
  await placeOrder(request, 'collection', 'Bell Ringer');
  await openDashboard(page);
  await expect(page.getByRole('alert').filter({ hasText: /new orders? waiting for an answer/ })).toBeVisible();
  // Other tests' orders may arrive meanwhile and chime too, so the notes are counted from a known point.
  await expect.poll(oscillators).toBeGreaterThanOrEqual(2);
  const beforeTick = await oscillators();
  await page.clock.fastForward(5_000);
  await expect.poll(oscillators).toBeGreaterThanOrEqual(beforeTick + 2);

  await page.getByRole('button', { name: 'Mute chime' }).click();
  await expect(page.getByRole('button', { name: 'Mute chime' })).toHaveAttribute('aria-pressed', 'true');
  const whenMuted = await oscillators();
  await page.clock.fastForward(5_000);
  await page.clock.fastForward(5_000);
  expect(await oscillators()).toBe(whenMuted);
  // Muting silences the sound only: the banner stays.
  await expect(page.getByRole('alert').filter({ hasText: /new orders? waiting for an answer/ })).toBeVisible();
});

test('an order is accepted with a new time: it waits for the customer', async ({ page, request }) => {
  await openDashboard(page);
  const orderRef = await placeOrder(request, 'collection', 'Tim Later');
  await nextPoll(page);
  const ticket = ticketOf(page, orderRef);
  await ticket.getByRole('button', { name: 'Accept with a new time' }).click();
  const times = ticket.getByRole('group', { name: 'New time for the customer to accept' }).getByRole('button');
  await expect(times).toHaveCount(12);
  const chosen = (await times.nth(2).textContent()) ?? '';
  await times.nth(2).click();
  await ticket.getByRole('button', { name: 'Send new time' }).click();
  await expect(ticket.getByText('Waiting for the customer', { exact: true })).toBeVisible();
  await expect(ticket).toContainText(`Due ${chosen.includes(' ') ? chosen : `Today ${chosen}`}`);
  await expect(ticket.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await expect(ticket.getByRole('button', { name: 'Refuse' })).toBeVisible();
});

test('an order is refused with a reason, which is required', async ({ page, request }) => {
  await openDashboard(page);
  const orderRef = await placeOrder(request, 'collection', 'Rae Fused');
  await nextPoll(page);
  const ticket = ticketOf(page, orderRef);
  await ticket.getByRole('button', { name: 'Refuse' }).click();
  await ticket.getByRole('button', { name: 'Refuse order' }).click();
  await expect(ticket).toContainText('Give the customer a reason');
  await ticket.getByRole('button', { name: 'Too busy' }).click();
  await expect(ticket.getByRole('textbox', { name: /Reason for refusing/ })).toHaveValue('Too busy');
  await ticket.getByRole('textbox', { name: /Reason for refusing/ }).fill('Too busy tonight, sorry');
  await ticket.getByRole('button', { name: 'Refuse order' }).click();
  const done = ticketIn(page, 'Done today', orderRef);
  await expect(done).toContainText('Refused: Too busy tonight, sorry');
});

test('an order paid with PayPal shows its money held, then taken once accepted, on the dashboard and the printed ticket', async ({ page, request }) => {
  await openDashboard(page);
  const orderRef = await placeOrder(request, 'collection', 'Penny Paid', 'paypal');
  await nextPoll(page);
  const ticket = ticketIn(page, 'New', orderRef);
  await expect(ticket).toContainText(/Paid online by PayPal — £\d+\.\d\d held/);
  await expect(ticket.getByRole('alert')).toHaveCount(0);

  await ticket.getByRole('button', { name: 'Accept', exact: true }).click();
  const inProgress = ticketIn(page, 'In progress', orderRef);
  // PayPal takes the money a moment after the acceptance: the next polls show it.
  await expect(async () => {
    await nextPoll(page);
    await expect(inProgress).toContainText(/Paid online by PayPal — £\d+\.\d\d taken/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  const [ticketPage] = await Promise.all([page.context().waitForEvent('page'), inProgress.getByRole('link', { name: 'Print ticket' }).click()]);
  await expect(ticketPage.getByRole('region', { name: 'Printable ticket' })).toContainText(/Paid online by PayPal — £\d+\.\d\d taken/);
});

test('the printable ticket shows the order lines and prints', async ({ page, request }) => {
  await openDashboard(page);
  const orderRef = await placeOrder(request, 'collection', 'Pru Inter');
  await nextPoll(page);
  const [ticketPage] = await Promise.all([page.context().waitForEvent('page'), ticketOf(page, orderRef).getByRole('link', { name: 'Print ticket' }).click()]);
  await ticketPage.waitForLoadState();
  await expect(ticketPage).toHaveURL((url) => url.pathname === `/kitchen/ticket/${orderRef}`);
  const printable = ticketPage.getByRole('region', { name: 'Printable ticket' });
  // The ticket is named by the order's number of the day, on the dashboard and on paper.
  const orderName = (await ticketOf(page, orderRef).getAttribute('aria-label')) ?? '';
  expect(orderName).toMatch(/^Order \d+$/);
  await expect(ticketOf(page, orderRef).getByText(orderName, { exact: true })).toBeVisible();
  await expect(printable.getByText(orderName, { exact: true })).toBeVisible();
  await expect(printable.getByRole('heading', { level: 1 })).toHaveText('Pru Inter: Collection');
  await expect(printable.getByRole('list', { name: 'Items' })).toContainText('2 ×9. Mixed Starter for Two双人什锦拼盘');
  await expect(printable).toContainText('Request: No sesame');
  await expect(printable).toContainText(/Total£\d+\.\d\d/);
  await ticketPage.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await ticketPage.getByRole('button', { name: 'Print' }).click();
  expect(await ticketPage.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});

test('the dashboard survives the API being unreachable: it keeps the list, says so, and recovers', async ({ page, request }) => {
  await openDashboard(page);
  const orderRef = await placeOrder(request, 'collection', 'Con Nection');
  await nextPoll(page);
  await expect(ticketOf(page, orderRef)).toBeVisible();

  await page.route('**/api/kitchen/orders', (route) => route.abort('internetdisconnected'));
  await nextPoll(page);
  await expect(page.getByRole('status').filter({ hasText: 'Connection lost, retrying' })).toBeVisible();
  await expect(ticketOf(page, orderRef)).toBeVisible();
  await nextPoll(page);
  await expect(page.getByRole('status').filter({ hasText: 'Connection lost, retrying' })).toBeVisible();

  await page.unroute('**/api/kitchen/orders');
  await nextPoll(page);
  await expect(page.getByText('Connection lost, retrying')).toHaveCount(0);
  await ticketOf(page, orderRef).getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(ticketIn(page, 'In progress', orderRef)).toBeVisible();
});
