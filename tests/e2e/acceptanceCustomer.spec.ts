import { expect, test } from '@playwright/test';
import { KitchenStatus } from '../../src/domain/orderEnums';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import {
  addDishes,
  CUSTOMER_POLL_INTERVAL_MS as POLL_INTERVAL_MS,
  expectStep,
  expectTracked,
  nextCustomerPoll as nextPoll,
  placeCollectionOrder,
  placeDeliveryOrder,
} from './orderSupport';
import { RESTAURANT_NAME, waitForShell } from './shellSupport';

// Each test places a real order through the screens before the restaurant answers it.
test.describe.configure({ timeout: 60_000 });

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

// The page's timers are Playwright's, so a poll is a call to runFor rather than a real 10-second wait.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** "Today 21:05": how the screens show a time, on London's clock. */
function londonTimeLabel(time: Date): string {
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(time);
  const day = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);
  const tomorrow = new Date(Date.now() + 86_400_000);
  return `${day(time) === day(new Date()) ? 'Today' : day(time) === day(tomorrow) ? 'Tomorrow' : ''} ${clock}`.trim();
}

test('a cash collection order waits for the restaurant, keeps polling after a reload, and shows the order once accepted', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  // The customer reads out the day's short number; the long reference is only the key of the order's links.
  const orderNumber = /Order (\d+)/.exec((await page.getByRole('status', { name: 'Order number' }).textContent()) ?? '')?.[0];
  expect(orderNumber).toMatch(/^Order \d+$/);
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Waiting for the restaurant`);
  await expect(page.getByText('Keep this page open: it checks every 10 seconds')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();

  await page.reload();
  await waitForShell(page);
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();

  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/orderbuilder/acceptanceDetails/')) reads.push(request.url());
  });
  await nextPoll(page);
  await expect.poll(() => reads.length).toBeGreaterThan(0);
  await expect(page).toHaveURL((url) => url.pathname === '/restaurant-confirmation');

  await kitchen.accept(reference);
  await nextPoll(page);
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Order number' })).toHaveText(`Your order number is${orderNumber}`);
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Your order confirmation`);
  await expect(page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Cost breakdown' }).getByRole('listitem').filter({ hasText: 'Total' })).toContainText('£11.60');
  await expect(page.getByText('Cash on collection')).toBeVisible();
  await expect(page.getByText(/^Ready to collect: /)).toBeVisible();

  // The order view is read by its id: it survives a reload, and the accepted order's basket has been cleared.
  await page.reload();
  await waitForShell(page);
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', `/track?orderId=${reference}`);
  await expect(page.getByRole('link', { name: /^View basket/ })).toHaveCount(0);
});

test('the restaurant proposes a new time and the customer accepts it', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  const newTime = new Date(Date.now() + 2 * 60 * 60 * 1000);
  await kitchen.proposeTime(reference, newTime);
  await nextPoll(page);
  await expectStep(page, '/restaurant-confirmation', 'The restaurant has proposed a new time');
  await expect(page.getByRole('status', { name: 'Proposed time' })).toHaveText(londonTimeLabel(newTime));

  await page.getByRole('button', { name: 'Accept new time' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);
  await expect(page.getByText(`Ready to collect: ${londonTimeLabel(newTime)}`)).toBeVisible();
});

test('a customer who starts the next order while the first waits can still take the new time the restaurant proposes', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  // Prawn crackers remembered: a dish added now starts the next order.
  await page.getByRole('navigation').getByRole('link', { name: 'Take Away' }).first().click();
  await addDishes(page, ['Crispy Seaweed']);
  await expect(page.getByRole('link', { name: /^View basket/ })).toBeVisible();
  const newTime = new Date(Date.now() + 2 * 60 * 60 * 1000);
  await kitchen.proposeTime(reference, newTime);

  // The push's link: the order's tracking page, and from it the page that answers the restaurant.
  await page.goto(`/track?orderId=${reference}`);
  await page.getByRole('link', { name: 'Accept the new time or cancel' }).click();
  await expectStep(page, '/restaurant-confirmation', 'The restaurant has proposed a new time');
  await page.getByRole('button', { name: 'Accept new time' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);
  await expect(page.getByText(`Ready to collect: ${londonTimeLabel(newTime)}`)).toBeVisible();
});

test('the restaurant proposes a new time and the customer cancels instead', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  await kitchen.proposeTime(reference, new Date(Date.now() + 2 * 60 * 60 * 1000));
  await nextPoll(page);
  await expect(page.getByRole('button', { name: 'Accept new time' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Cancel your order?' }).getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectStep(page, '/order-cancelled', 'Your order has been cancelled');
  await expect(page.getByText('You cancelled your order.')).toBeVisible();
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Your order has been cancelled`);
});

test('the restaurant refuses: the customer sees the reason and can order again', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  await kitchen.refuse(reference, 'We have run out of sweet and sour sauce tonight');
  await nextPoll(page);
  await expectStep(page, '/order-cancelled', 'The restaurant could not accept your order');
  await expect(page.getByText('We have run out of sweet and sour sauce tonight')).toBeVisible();

  // The kitchen named no dish, so ordering again brings the whole basket back.
  await page.getByRole('button', { name: 'Order again' }).click();
  await expectStep(page, '/basket', 'Your basket');
  await expect(page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem')).toHaveCount(2);
});

test('a cancel the restaurant beat by accepting says why and whom to phone, then shows the accepted order', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  await kitchen.accept(reference);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Cancel your order?' }).getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectStep(page, '/order-cancel-error', 'Your order could not be cancelled');
  await expect(page.getByRole('alert')).toContainText('The restaurant has already accepted your order. Please phone');
  await expect(page.getByRole('link', { name: '0113 496 0123' })).toHaveAttribute('href', 'tel:01134960123');
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Your order could not be cancelled`);

  await page.getByRole('button', { name: 'Back to your order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);
});

test('/track follows a collection order through the kitchen to collected, then stops reading it', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  await kitchen.accept(reference);
  await nextPoll(page);
  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/track' && url.searchParams.get('orderId') === reference);
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Track your order`);
  await expectTracked(page, 'Your order is in the queue', 'Ordered');
  await expect(page.getByRole('list', { name: 'Order progress' }).getByRole('listitem')).toHaveText(['Ordered', 'Cooking', 'Ready', 'Completed']);

  const steps: [number, string, string][] = [
    [KitchenStatus.Cooking, 'Your order is in the kitchen', 'Cooking'],
    [KitchenStatus.ReadyForDispatch, 'Your order is ready to collect', 'Ready'],
    [KitchenStatus.Completed, 'Your order has been collected. Enjoy your meal!', 'Completed'],
  ];
  for (const [status, text, step] of steps) {
    await kitchen.setStatus(reference, status);
    await nextPoll(page);
    await expectTracked(page, text, step);
  }
  await expect(page.getByText('This page updates itself every 10 seconds.')).toHaveCount(0);

  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/order/GetActiveOrder/')) reads.push(request.url());
  });
  await page.clock.runFor(3 * POLL_INTERVAL_MS);
  expect(reads).toEqual([]);
});

test('/track follows a delivery order to delivered, with the delivery texts, and /track alone tracks the order in progress', async ({ page }) => {
  const reference = await placeDeliveryOrder(page);
  await kitchen.accept(reference);
  await nextPoll(page);
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation');

  await page.goto('/track');
  await waitForShell(page);
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Order number' })).toHaveText(/^Your order number isOrder \d+$/);
  await expectTracked(page, 'Your order is in the queue', 'Ordered');
  await expect(page.getByRole('list', { name: 'Order progress' }).getByRole('listitem')).toHaveText(['Ordered', 'Cooking', 'Ready', 'Out for delivery', 'Completed']);

  const steps: [number, string, string][] = [
    [KitchenStatus.Cooking, 'Your order is in the kitchen', 'Cooking'],
    [KitchenStatus.ReadyForDispatch, 'Your order is having its quality check before it leaves', 'Ready'],
    [KitchenStatus.OutForDelivery, 'Your order is on its way', 'Out for delivery'],
    [KitchenStatus.Completed, 'Your order has been delivered. Enjoy your meal!', 'Completed'],
  ];
  for (const [status, text, step] of steps) {
    await kitchen.setStatus(reference, status);
    await nextPoll(page);
    await expectTracked(page, text, step);
  }
});

test('an order the kitchen cancels after accepting it no longer reads as confirmed, and no time is shown as due', async ({ page }) => {
  const reference = await placeCollectionOrder(page);
  await kitchen.accept(reference);
  await nextPoll(page);
  await expect(page.getByText(/^Ready to collect: /)).toBeVisible();
  await kitchen.setStatus(reference, KitchenStatus.Cancelled);

  await page.reload();
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been cancelled' })).toBeVisible();
  await expect(page.getByText(/^Ready to collect: /)).toHaveCount(0);
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();

  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page.getByRole('status', { name: 'Order status' })).toHaveText('Your order has been cancelled');
  await expect(page.getByText(/^Collection: /)).toHaveCount(0);
});

test('/track without an order in progress asks for the reference', async ({ page }) => {
  await page.goto('/track');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('textbox', { name: 'Order reference' })).toHaveAccessibleDescription(/Enter your order reference/);
  await page.getByRole('textbox', { name: 'Order reference' }).fill('no-such-order');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/track' && url.searchParams.get('orderId') === 'no-such-order');
  // Given back in its field to be corrected, not checked again as it is.
  const reference = page.getByRole('textbox', { name: 'Order reference' });
  await expect(reference).toHaveValue('no-such-order');
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  await expect(reference).toHaveAccessibleDescription(/We cannot find an order with this reference/);
  await expect(page.getByRole('button', { name: 'Check again' })).toHaveCount(0);

  // The order's number of the day typed instead of its reference: digits the address reads as a number.
  await reference.fill('47');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(reference).toHaveValue('47');
  await expect(reference).toHaveAccessibleDescription(/We cannot find an order with this reference/);
});

test('/track opened with digits for a reference (a link typed by hand) asks for the reference again, the digits kept', async ({ page }) => {
  await page.goto('/track?orderId=47');
  const reference = page.getByRole('textbox', { name: 'Order reference' });
  await expect(reference).toHaveValue('47');
  await expect(reference).toHaveAccessibleDescription(/We cannot find an order with this reference/);
  await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
});
