import { expect, test, type Browser, type Page } from '@playwright/test';
import { forkClockedServer, type ClockedServer } from './clockedServerProcess';
import { FAKE_CARDS } from '../../src/server/local/payPal/fakeCards';
import { openDashboard, ticketOf } from './kitchenSupport';
import { londonAt, londonDate } from './londonCalendar';
import { expectStep, nextCustomerPoll, reachCollectionCheckout, readOrderReference } from './orderSupport';
import { continueToPayment, expectPaymentButtons, payByCard } from './paymentSupport';

// A card order placed at night, while the demo restaurant is closed (docs/acceptance-and-kitchen.md, "Pre-orders"): it
// waits for the opening instead of being refused ten minutes later, the dashboard shows it as a pre-order, and nobody
// answering it is refused only the timeout after the opening, the customer told each step. A server of its own
// (clockedServer.ts) keeps the night; the customer's page keeps the same clock.
test.describe.configure({ timeout: 120_000 });

/** A Tuesday at least two days ahead, YYYY-MM-DD: open 17:00–22:30. */
function tuesday(): string {
  for (let days = 2; days < 9; days += 1) {
    const day = londonDate(days);
    if (day.weekday === 'Tuesday') return day.iso;
  }
  throw new Error('No Tuesday in the week ahead');
}

const DAY = tuesday();
const NIGHT = londonAt(DAY, '01:26');

let server: ClockedServer;

test.beforeAll(async () => {
  server = await forkClockedServer(NIGHT);
});

test.afterAll(async () => {
  await server.stop();
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: server.url })).newPage();
}

/** Server and customer move to London's `time` that day; the customer's page then asks again. */
async function timePasses(customer: Page, time: string): Promise<void> {
  const now = londonAt(DAY, time);
  await server.setClock(now);
  await customer.clock.setSystemTime(now);
  await nextCustomerPoll(customer);
}

test('a card order placed while closed is a pre-order: not refused until the opening plus the timeout, the customer told each step', async ({ browser }) => {
  const customer = await newPage(browser);
  await customer.clock.install({ time: NIGHT });
  await reachCollectionCheckout(customer);
  await continueToPayment(customer, 'Debit or credit card');
  await expectPaymentButtons(customer, 'Debit or credit card');
  await payByCard(customer, FAKE_CARDS.approved);
  const reference = await readOrderReference(customer);

  // Told at once: when the restaurant confirms, that the money is held, not taken, and when it is refused unanswered.
  await expect(customer.getByRole('status', { name: 'What happens next' })).toHaveText('This is a pre-order. The restaurant will confirm it from Today 17:00.');
  await expect(customer.getByText(/^Your £\d+\.\d\d is held until then, not taken\./)).toBeVisible();
  await expect(customer.getByText('If the restaurant has not answered by 17:10, your order is refused automatically and the money held is released.')).toBeVisible();

  // The dashboard shows it as a pre-order from the moment it is placed, with no countdown running.
  const staff = await newPage(browser);
  await openDashboard(staff);
  const ticket = ticketOf(staff, reference);
  await expect(ticket.getByText('Pre-order', { exact: true })).toBeVisible();
  await expect(ticket.getByText(/^Due Today 17:\d\d$/)).toBeVisible();
  await expect(ticket.getByText('Answer from Today 17:00: refused automatically at Today 17:10 if nobody answers.')).toBeVisible();
  await expect(ticket.getByRole('timer')).toHaveCount(0);

  // Closed all night: ten minutes, then hours, pass without a refusal.
  for (const time of ['01:37', '16:59']) {
    await timePasses(customer, time);
    await expect(customer).toHaveURL((url) => url.pathname === '/restaurant-confirmation');
    await expect(customer.getByRole('status', { name: 'What happens next' })).toBeVisible();
  }
  // Open: the restaurant is asked; still not refused before the timeout.
  await timePasses(customer, '17:05');
  await expect(customer).toHaveURL((url) => url.pathname === '/restaurant-confirmation');
  await expect(customer.getByText('Your order has been sent to the restaurant. It usually answers within a few minutes.')).toBeVisible();
  await expect(customer.getByText(/^Your £\d+\.\d\d is held, not taken\./)).toBeVisible();

  // The opening plus the timeout: refused automatically, the money released.
  await timePasses(customer, '17:10');
  await expectStep(customer, '/order-cancelled', 'The restaurant could not accept your order');
  await expect(customer.getByText(/The restaurant did not respond in time\./)).toBeVisible();
  await expect(customer.getByText(/^The £\d+\.\d\d held on your card (is|has been) released/)).toBeVisible();
});
