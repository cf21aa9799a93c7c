import { expect, test } from '@playwright/test';
import { forkClockedServer, type ClockedServer } from './clockedServerProcess';
import { nextKitchenPoll, openDashboard, ticketIn } from './kitchenSupport';
import { londonAt, openDayAhead } from './londonCalendar';
import { expectStep, nextCustomerPoll, placeCollectionOrder } from './orderSupport';

// A server of its own whose restaurant refuses an order it has not answered within ACCEPTANCE_TIMEOUT_SECONDS=5, so
// that the automatic refusal is seen in seconds instead of 10 minutes, its clock at an hour the demo restaurant is
// open: placed while closed, the order would be a pre-order, whose time to answer starts only at the opening
// (preOrders.spec.ts).
test.describe.configure({ timeout: 60_000 });

const OPEN = londonAt(openDayAhead(), '19:00');
const TIMEOUT_SECONDS = 5;
let server: ClockedServer;

test.beforeAll(async () => {
  server = await forkClockedServer(OPEN, { ACCEPTANCE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) });
});

test.afterAll(async () => {
  await server.stop();
});

test('an order nobody answers is refused automatically: the customer is told, the dashboard shows it refused', async ({ browser }) => {
  const customer = await (await browser.newContext({ baseURL: server.url })).newPage();
  const staff = await (await browser.newContext({ baseURL: server.url })).newPage();
  await customer.clock.install({ time: OPEN });
  await staff.clock.install({ time: OPEN });
  await openDashboard(staff);
  const reference = await placeCollectionOrder(customer);
  await nextKitchenPoll(staff);
  await expect(ticketIn(staff, 'New', reference).getByRole('timer')).toContainText(/Refused automatically in 0:0\d/);

  // The timeout passes on the server's clock; its sweep refuses the order while the customer's page keeps asking.
  await server.setClock(new Date(OPEN.getTime() + 60_000));
  await expect(async () => {
    await nextCustomerPoll(customer);
    await expect(customer).toHaveURL((url) => url.pathname === '/order-cancelled', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expectStep(customer, '/order-cancelled', 'The restaurant could not accept your order');
  await expect(customer.getByText(/The restaurant did not respond in time\. Please order again or phone 0113 496 0123\./)).toBeVisible();

  await nextKitchenPoll(staff);
  await expect(ticketIn(staff, 'Done today', reference)).toContainText('Refused: The restaurant did not respond in time.');
});
