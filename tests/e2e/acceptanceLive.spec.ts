import { expect, test, type Browser, type Page } from '@playwright/test';
import { nextKitchenPoll, openDashboard, ticketIn } from './kitchenSupport';
import { expectStep, expectTracked, nextCustomerPoll, placeCollectionOrder, placeDeliveryOrder } from './orderSupport';

// Issue 4's whole loop with two browsers: a customer on the site and the restaurant's staff on /kitchen. Both pages
// run on Playwright's clock, so the 5-second dashboard poll and the customer's 10-second poll are fast-forwarded.
test.describe.configure({ timeout: 90_000 });

interface TwoSides {
  customer: Page;
  staff: Page;
}

async function customerAndStaff(browser: Browser): Promise<TwoSides> {
  const [customer, staff] = await Promise.all([1, 2].map(async () => (await browser.newContext()).newPage()));
  await customer.clock.install();
  await staff.clock.install();
  await openDashboard(staff);
  return { customer, staff };
}

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test('the staff accept a new delivery order on the dashboard and the customer follows it to delivered', async ({ browser }) => {
  const { customer, staff } = await customerAndStaff(browser);
  const reference = await placeDeliveryOrder(customer);

  await nextKitchenPoll(staff);
  const newTicket = ticketIn(staff, 'New', reference);
  await expect(newTicket).toBeVisible();
  await expect(staff.getByRole('alert').filter({ hasText: /new orders? waiting for an answer/ })).toBeVisible();
  await newTicket.getByRole('button', { name: 'Accept', exact: true }).click();
  const cooking = ticketIn(staff, 'In progress', reference);
  await expect(cooking.getByText('Ordered', { exact: true })).toBeVisible();

  await expect(customer).toHaveURL((url) => url.pathname === '/restaurant-confirmation');
  await nextCustomerPoll(customer);
  await expect(customer).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);
  await customer.getByRole('link', { name: 'Track your order' }).click();
  await expectTracked(customer, 'Your order is in the queue', 'Ordered');

  for (const [button, text, step] of [
    ['Start cooking', 'Your order is in the kitchen', 'Cooking'],
    ['Ready', 'Your order is having its quality check before it leaves', 'Ready'],
    ['Out for delivery', 'Your order is on its way', 'Out for delivery'],
  ] as const) {
    await cooking.getByRole('button', { name: button, exact: true }).click();
    await expect(cooking.getByRole('button', { name: button, exact: true })).toHaveCount(0);
    await nextCustomerPoll(customer);
    await expectTracked(customer, text, step);
  }
  await cooking.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(ticketIn(staff, 'Done today', reference).getByText('Completed', { exact: true })).toBeVisible();
  await nextCustomerPoll(customer);
  await expectTracked(customer, 'Your order has been delivered. Enjoy your meal!', 'Completed');
});

test('the staff refuse an order with a reason and the customer is told why', async ({ browser }) => {
  const { customer, staff } = await customerAndStaff(browser);
  const reference = await placeCollectionOrder(customer);

  await nextKitchenPoll(staff);
  const ticket = ticketIn(staff, 'New', reference);
  await ticket.getByRole('button', { name: 'Refuse' }).click();
  await ticket.getByRole('textbox', { name: /Reason for refusing/ }).fill('Our wok burner has failed tonight, sorry');
  await ticket.getByRole('button', { name: 'Refuse order' }).click();
  await expect(ticketIn(staff, 'Done today', reference)).toContainText('Refused: Our wok burner has failed tonight, sorry');

  await nextCustomerPoll(customer);
  await expectStep(customer, '/order-cancelled', 'The restaurant could not accept your order');
  await expect(customer.getByText('Our wok burner has failed tonight, sorry')).toBeVisible();
});

test('the staff propose a new time, the customer accepts it, and the order moves to cooking', async ({ browser }) => {
  const { customer, staff } = await customerAndStaff(browser);
  const reference = await placeCollectionOrder(customer);

  await nextKitchenPoll(staff);
  const ticket = ticketIn(staff, 'New', reference);
  await ticket.getByRole('button', { name: 'Accept with a new time' }).click();
  const time = ticket.getByRole('group', { name: 'New time for the customer to accept' }).getByRole('button').nth(3);
  const chosen = ((await time.textContent()) ?? '').trim();
  await time.click();
  await ticket.getByRole('button', { name: 'Send new time' }).click();
  await expect(ticket.getByText('Waiting for the customer', { exact: true })).toBeVisible();

  await nextCustomerPoll(customer);
  await expectStep(customer, '/restaurant-confirmation', 'The restaurant has proposed a new time');
  await expect(customer.getByRole('status', { name: 'Proposed time' })).toContainText(chosen.split(' ').at(-1)!);

  // The email and the push about the new time lead to /track: the browser that ordered is sent on to answer it, and
  // the same link opened elsewhere says where it can be answered.
  const sharedLink = await (await customer.context().browser()!.newContext()).newPage();
  await sharedLink.goto(`/track?orderId=${reference}`);
  await expect(sharedLink.getByText(/The restaurant can have your order ready for/)).toBeVisible();
  await expect(sharedLink.getByText(/open your order on the phone or computer you ordered from, or phone the restaurant on/)).toBeVisible();
  await expect(sharedLink.getByRole('link', { name: 'Accept the new time or cancel' })).toHaveCount(0);
  await customer.goto(`/track?orderId=${reference}`);
  await expect(customer.getByText(/The restaurant can have your order ready for/)).toBeVisible();
  await customer.getByRole('link', { name: 'Accept the new time or cancel' }).click();
  await expectStep(customer, '/restaurant-confirmation', 'The restaurant has proposed a new time');
  await customer.getByRole('button', { name: 'Accept new time' }).click();
  await expect(customer).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);

  await nextKitchenPoll(staff);
  await expect(ticketIn(staff, 'In progress', reference).getByText('Ordered', { exact: true })).toBeVisible();
});

test('the customer cancels while waiting and the dashboard shows it cancelled', async ({ browser }) => {
  const { customer, staff } = await customerAndStaff(browser);
  const reference = await placeCollectionOrder(customer);
  await nextKitchenPoll(staff);
  await expect(ticketIn(staff, 'New', reference)).toBeVisible();

  await customer.getByRole('button', { name: 'Cancel order' }).click();
  await customer.getByRole('dialog', { name: 'Cancel your order?' }).getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectStep(customer, '/order-cancelled', 'Your order has been cancelled');

  await nextKitchenPoll(staff);
  const cancelled = ticketIn(staff, 'Done today', reference);
  await expect(cancelled.getByText('Cancelled by the customer', { exact: true })).toBeVisible();
  await expect(cancelled.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
});
