import { expect, test, type Browser, type Page } from '@playwright/test';
import { forkClockedServer, type ClockedServer } from './clockedServerProcess';
import { placeGuestOrder } from './guestOrderApi';
import { openDashboard, ticketOf } from './kitchenSupport';
import { openBackOffice } from './manageSupport';

// Ticket printing from the server (docs/printing.md) as its people use it: the owner adds a printer at /manage/printers
// on a desktop, staff accept an order on the dashboard and it prints by itself on the loopback printer, whose decoded
// tickets the kitchen reads at /kitchen/printers; staff reprint. The printers are the whole restaurant's, so this file
// forks a server of its own.

let server: ClockedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A server of its own, started while the whole suite shares the machine.
  test.setTimeout(180_000);
  server = await forkClockedServer();
});

test.afterAll(async () => {
  await server?.stop();
});

async function personOn(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, ...(viewport === undefined ? {} : { viewport }) });
  return context.newPage();
}

test('the owner adds a printer; staff accept an order, see it printed, and reprint it', async ({ browser }) => {
  test.slow();
  const owner = await personOn(browser, { width: 1366, height: 900 });
  await openBackOffice(owner, '/manage/printers');
  await expect(owner.getByRole('heading', { level: 1, name: 'Printers' })).toBeVisible();

  // A printer without an address is refused at its field, and what was typed stays.
  await owner.getByRole('button', { name: 'Add a printer' }).click();
  const typed = owner.getByRole('group', { name: 'New printer 1' });
  await typed.getByRole('textbox', { name: 'Name' }).fill('Kitchen');
  await owner.getByRole('button', { name: 'Save printers' }).click();
  const kitchen = owner.getByRole('group', { name: 'Printer Kitchen' });
  await expect(kitchen.getByText('The address must not be empty')).toBeVisible();
  await expect(kitchen.getByRole('textbox', { name: 'Name' })).toHaveValue('Kitchen');
  await kitchen.getByRole('textbox', { name: 'Address' }).fill('not a host!');
  await owner.getByRole('button', { name: 'Save printers' }).click();
  await expect(kitchen.getByText(/^The address must match/)).toBeVisible();
  await kitchen.getByRole('button', { name: 'Remove printer kitchen' }).click();

  // The demo's loopback printer, as the owner of the demo adds it.
  await owner.getByRole('button', { name: 'Add the demo printer' }).click();
  const demo = owner.getByRole('group', { name: 'Printer Loopback printer' });
  await demo.getByRole('textbox', { name: 'Name' }).fill('Counter');
  await owner.getByRole('group', { name: 'Printer Counter' }).getByRole('combobox', { name: 'Copies' }).selectOption('1');
  await owner.getByRole('button', { name: 'Save printers' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Saved: the next accepted order prints on these printers.' })).toBeVisible();
  await owner.screenshot({ path: '/tmp/i34/manage-printers-desktop.png', fullPage: true });

  const { orderRef } = await placeGuestOrder(server.url);
  const staff = await personOn(browser, { width: 1024, height: 768 });
  await openDashboard(staff);
  const ticket = ticketOf(staff, orderRef);
  const orderName = (await ticket.getAttribute('aria-label')) ?? '';
  expect(orderName).toMatch(/^Order \d+$/);
  await ticket.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(staff.getByRole('region', { name: 'Printers' })).toContainText('Counter: Ready', { timeout: 15_000 });
  await staff.screenshot({ path: '/tmp/i34/dashboard-tablet.png' });

  const printed = await staff.context().newPage();
  await printed.goto('/kitchen/printers');
  await expect(printed.getByRole('heading', { level: 1, name: 'Printers' })).toBeVisible();
  const tickets = printed.getByRole('list', { name: 'Printed tickets' });
  await expect(tickets.getByRole('figure').first()).toContainText(orderName.toUpperCase(), { timeout: 15_000 });
  await expect(tickets.getByRole('figure').first()).toContainText('Mixed Starter for Two');
  await expect(tickets.getByRole('figure').first()).toContainText('双人什锦拼盘');
  await expect(tickets.getByRole('figure')).toHaveCount(1);

  await ticket.getByRole('button', { name: 'Reprint' }).click();
  await expect(ticket.getByRole('status').filter({ hasText: 'Sent to the printers.' })).toBeVisible();
  await expect(tickets.getByRole('figure')).toHaveCount(2, { timeout: 15_000 });
  await expect(tickets.getByRole('figure').first()).toContainText('*** REPRINT ***');
  await expect(tickets.getByRole('figure').first()).toContainText(orderName.toUpperCase());
  await printed.screenshot({ path: '/tmp/i34/kitchen-printers-tablet.png', fullPage: true });
});

test('a printer that is off shows on the dashboard, which alerts once a ticket has waited more than a minute', async ({ browser }) => {
  test.slow();
  const owner = await personOn(browser, { width: 1366, height: 900 });
  await openBackOffice(owner, '/manage/printers');
  await owner.getByRole('button', { name: 'Add a printer' }).click();
  const bar = owner.getByRole('group', { name: /^New printer/ });
  await bar.getByRole('textbox', { name: 'Name' }).fill('Bar');
  await owner.getByRole('group', { name: 'Printer Bar' }).getByRole('textbox', { name: 'Address' }).fill('127.0.0.1');
  // Nothing listens on the discard port: the connection is refused, as by a printer switched off.
  await owner.getByRole('group', { name: 'Printer Bar' }).getByRole('textbox', { name: 'Port' }).fill('9');
  await owner.getByRole('button', { name: 'Save printers' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  const placedAt = new Date();
  await server.setClock(placedAt);
  const { orderRef } = await placeGuestOrder(server.url);
  const staff = await personOn(browser, { width: 1024, height: 768 });
  await openDashboard(staff);
  await ticketOf(staff, orderRef).getByRole('button', { name: 'Accept', exact: true }).click();
  const printers = staff.getByRole('region', { name: 'Printers' });
  await expect(printers).toContainText(/Bar: Offline since \d\d:\d\d · 1 ticket waiting/, { timeout: 15_000 });
  await expect(staff.getByRole('alert').filter({ hasText: 'Tickets not printed' })).toHaveCount(0);

  await server.setClock(new Date(placedAt.getTime() + 2 * 60_000));
  const alert = staff.getByRole('alert').filter({ hasText: 'Tickets not printed for over a minute' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText('Bar: Offline since');
  await staff.evaluate(() => window.scrollTo(0, 0));
  await staff.screenshot({ path: '/tmp/i34/dashboard-alert-tablet.png' });
});
