import { expect, test } from '@playwright/test';
import { nextKitchenPoll, openDashboard, ticketIn } from './kitchenSupport';
import { expectStep, nextCustomerPoll, placeCollectionOrder } from './orderSupport';

// Runs on the second e2e server (playwright.config.ts), whose restaurant refuses an order it has not answered
// within ACCEPTANCE_TIMEOUT_SECONDS=5, so that the automatic refusal is seen in seconds instead of 10 minutes.
test.describe.configure({ timeout: 60_000 });

test('an order nobody answers is refused automatically: the customer is told, the dashboard shows it refused', async ({ browser }) => {
  const customer = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();
  await customer.clock.install();
  await staff.clock.install();
  await openDashboard(staff);
  const reference = await placeCollectionOrder(customer);
  await nextKitchenPoll(staff);
  await expect(ticketIn(staff, 'New', reference).getByRole('timer')).toContainText(/Refused automatically in 0:0\d/);

  // The server's clock is the real one: the timeout passes while the customer's page keeps asking.
  await expect(async () => {
    await nextCustomerPoll(customer);
    await expect(customer).toHaveURL((url) => url.pathname === '/order-cancelled', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expectStep(customer, '/order-cancelled', 'The restaurant could not accept your order');
  await expect(customer.getByText(/The restaurant did not respond in time\. Please order again or phone 0113 496 0123\./)).toBeVisible();

  await nextKitchenPoll(staff);
  await expect(ticketIn(staff, 'Done today', reference)).toContainText('Refused: The restaurant did not respond in time.');
});
