import { fork, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { STAFF_EMAIL, STAFF_PASSWORD } from './kitchenSupport';
import { londonDate } from './londonCalendar';
import { waitForShell } from './shellSupport';

// Busy mode from the kitchen dashboard pauses ordering on the site (docs/back-office.md, "Busy mode"). It changes what
// every customer meets, so this file forks a server of its own on the same build (clockedServer.ts), its clock set to
// an evening the demo restaurant is open; the customer's page keeps the same clock.

/** A Tuesday evening at least two days ahead: open 17:00–22:30 whether London keeps GMT or BST. */
function tuesdayEvening(): Date {
  for (let days = 2; days < 9; days += 1) {
    const day = londonDate(days);
    if (day.weekday === 'Tuesday') return new Date(`${day.iso}T19:00:00Z`);
  }
  throw new Error('No Tuesday in the week ahead');
}

const OPEN_EVENING = tuesdayEvening();
const PAUSED_MESSAGE = /^We're very busy: online ordering resumes at \d\d:\d\d$/;

let server: ChildProcess;
let serverUrl: string;

function answer<T>(): Promise<T> {
  return new Promise((resolve, reject) => {
    server.once('message', (message) => resolve(message as T));
    server.once('exit', (code) => reject(new Error(`The clocked server exited (${code})`)));
  });
}

test.beforeAll(async () => {
  server = fork('tests/e2e/clockedServer.ts', [], { execArgv: ['--import', 'tsx'] });
  ({ url: serverUrl } = await answer<{ url: string }>());
  server.send({ now: OPEN_EVENING.toISOString() });
  await answer();
});

test.afterAll(async () => {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.send({ stop: true });
  await stopped;
});

/** The kitchen's tablet, signed in and started. Its own clock: the sign-in's tokens are checked against real time. */
async function kitchenDashboard(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${serverUrl}/kitchen`);
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await page.getByLabel('Email').fill(STAFF_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Tap to turn on sound' }).click();
  await expect(page.getByRole('region', { name: 'Busy mode' })).toBeVisible();
  return page;
}

/** A customer's phone, on the server's evening, opening `path` afresh. */
async function customerAt(page: Page, path: string): Promise<void> {
  await page.goto(`${serverUrl}${path}`);
  await waitForShell(page);
}

test('busy mode from the kitchen dashboard pauses ordering on the site, and switching it off lets ordering go on', async ({ browser }) => {
  // Several people's pages on a server of its own: slow when the whole suite shares the machine.
  test.slow();
  const kitchen = await kitchenDashboard(browser);
  const busyMode = kitchen.getByRole('region', { name: 'Busy mode' });
  await busyMode.getByRole('button', { name: 'Pause orders for 30 minutes' }).click();
  await expect(busyMode.getByRole('status')).toHaveText(PAUSED_MESSAGE);

  const customer = await (await browser.newContext()).newPage();
  await customer.clock.install({ time: OPEN_EVENING });
  await customerAt(customer, '/');
  await expect(customer.getByText(PAUSED_MESSAGE)).toBeVisible();
  await customer.getByRole('link', { name: 'Order a takeaway' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Add items to your order' })).toBeVisible();
  await expect(customer.getByText(PAUSED_MESSAGE)).toBeVisible();
  await expect(customer.getByRole('button', { name: /^Add .* to order$/ })).toHaveCount(0);
  // The contact step, opened by a link or a reload, says the same instead of taking details for an order it cannot place.
  await customerAt(customer, '/contact');
  await expect(customer.getByRole('heading', { level: 1, name: 'Enter your contact details' })).toBeVisible();
  await expect(customer.getByText(PAUSED_MESSAGE)).toBeVisible();
  await expect(customer.getByRole('textbox', { name: 'Name' })).toHaveCount(0);

  await busyMode.getByRole('button', { name: 'End busy mode' }).click();
  await expect(busyMode.getByRole('status')).toHaveText('Off: new orders are taken as usual.');

  await customerAt(customer, '/order');
  await expect(customer.getByText(PAUSED_MESSAGE)).toHaveCount(0);
  // The server takes the basket's update again: the order goes on.
  const update = customer.waitForResponse((response) => new URL(response.url()).pathname.toLowerCase() === '/api/orderbuilder/update');
  await customer.getByRole('button', { name: 'Add Mixed Starter for Two to order' }).click();
  expect((await update).status()).toBe(200);
  await expect(customer.getByRole('link', { name: /^View basket \(1 item\) £/ })).toBeVisible();
});
