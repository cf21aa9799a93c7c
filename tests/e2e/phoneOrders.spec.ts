import { expect, test as base, type Browser, type Page } from '@playwright/test';
import { forkClockedServer, type ClockedServer } from './clockedServerProcess';
import { placeGuestOrder } from './guestOrderApi';
import { signedInApi } from './kitchenApi';
import { signInToDashboard } from './kitchenSupport';
import { slotLabel } from '../../src/domain/timeSlotLabels';
import { OWNER_EMAIL, OWNER_PASSWORD, openBackOffice } from './manageSupport';

// Phone orders at the kitchen dashboard (docs/phone-orders.md), taken by keyboard on the kitchen's tablet: the keys and
// taps are counted, not the time (a practised member of staff types about three keys a second).

// A server of each worker's own: the slot limit and the printer these tests set are the whole restaurant's, and would
// refuse or print other files' orders on the shared one.
const test = base.extend<object, { phoneOrderServer: ClockedServer }>({
  phoneOrderServer: [
    async ({}, use) => {
      const server = await forkClockedServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ phoneOrderServer }, use) => use(phoneOrderServer.url),
});

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const SLOT_FULL_MESSAGE = 'The time you chose is now fully booked: please choose another time';

/** Keyboard and pointer, counted: every key pressed (each character typed is one) and every tap. */
function countedInput(page: Page) {
  const counts = { keys: 0, taps: 0 };
  return {
    counts,
    async type(text: string) {
      counts.keys += [...text].length;
      await page.keyboard.type(text);
    },
    async press(...keys: string[]) {
      for (const key of keys) {
        counts.keys += 1;
        await page.keyboard.press(key);
      }
    },
  };
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'New phone order' });

/** The owner's hours with at most `ordersPerSlot` orders in a slot (null: no limit), through the back office's call. */
async function setSlotLimit(baseURL: string, ordersPerSlot: number | null): Promise<void> {
  const { apiBase, headers } = await signedInApi(baseURL, OWNER_EMAIL, OWNER_PASSWORD);
  const current = (await (await fetch(new URL('manage/hours', apiBase), { headers })).json()).data;
  const saved = await fetch(new URL('manage/hours', apiBase), {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ revision: current.revision, hours: { ...current.hours, ordersPerSlot } }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

test('staff take a three-dish collection order by keyboard alone, in a few dozen keys and no tap', async ({ page }) => {
  await signInToDashboard(page);
  const input = countedInput(page);

  await input.press('Alt+KeyN');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel("Customer's name")).toBeFocused();
  await input.type('Li Wei');
  await input.press('Tab');
  await input.type('07700900222');
  await input.press('Tab', 'Tab');
  await expect(dialog(page).getByRole('combobox', { name: /Add a dish/ })).toBeFocused();
  // By number, by number of a dish with options (its first option), and by name; the menu is in once the first is offered.
  await input.type('9');
  await expect(dialog(page).getByRole('option', { name: /Mixed Starter for Two/ })).toBeVisible();
  await input.press('Enter');
  await input.type('13');
  await input.press('Enter');
  await input.type('spring');
  await input.press('Enter');
  const dishes = dialog(page).getByRole('listitem');
  await expect(dishes).toHaveCount(3);
  await expect(dishes.nth(0)).toContainText('Mixed Starter for Two');
  await expect(dishes.nth(1)).toContainText('Chicken & Sweetcorn Soup (Regular)');
  await expect(dishes.nth(2)).toContainText('Spring Rolls');
  // Each line says its dish's menu number, as the caller does; lines are not numbered 1, 2, 3, which would sound like dishes.
  await expect(dishes.nth(1)).toContainText('13. Chicken & Sweetcorn Soup (Regular)');
  await expect(dialog(page).locator('ol')).toHaveCount(0);

  // ASAP when the restaurant is open now; otherwise the first time offered, one key down.
  const time = dialog(page).getByLabel('Time');
  if ((await time.inputValue()) === 'asap' && (await time.locator('option[value="asap"]').isDisabled())) {
    await time.focus();
    await input.press('ArrowDown');
  }
  await input.press('Control+Enter');
  await expect(dialog(page).getByRole('status')).toContainText(/Order \d+ placed and accepted/);
  await expect(dialog(page).getByRole('status')).toContainText('Li Wei');

  expect(input.counts.taps).toBe(0);
  // 17 characters of name and number, 6 of dishes, and at most 12 keys of moving about: under 15 s at three keys a second.
  expect(input.counts.keys).toBeLessThanOrEqual(35);
  await input.press('Escape');
  await expect(dialog(page)).toBeHidden();
});

/**
 * The server's loopback printer as the restaurant's one printer, through the owner's call, for the length of `use`; the
 * printers are the whole restaurant's, so the list is put back as it was.
 */
async function withDemoPrinter(baseURL: string, use: () => Promise<void>): Promise<void> {
  const { apiBase, headers } = await signedInApi(baseURL, OWNER_EMAIL, OWNER_PASSWORD);
  const printersUrl = new URL('manage/printers', apiBase);
  const save = async (printers: unknown[]) => {
    const { revision } = (await (await fetch(printersUrl, { headers })).json()).data;
    const saved = await fetch(printersUrl, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ revision, printers }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
  };
  const current = (await (await fetch(printersUrl, { headers })).json()).data;
  expect(current.loopbackPrinter).not.toBeNull();
  const { host, port } = current.loopbackPrinter;
  await save([{ name: 'Counter', host, port, paperWidth: 80, prints: 'kitchen', copies: 1 }]);
  try {
    await use();
  } finally {
    await save(current.printers);
  }
}

test('staff take a delivery by keyboard; it is accepted on the dashboard, printed, and in the takings as phone', async ({ page, browser, baseURL }) => {
  await withDemoPrinter(baseURL!, () => takeDeliveryByKeyboard(page, browser, baseURL!));
});

async function takeDeliveryByKeyboard(page: Page, browser: Browser, baseURL: string): Promise<void> {
  await signInToDashboard(page);
  const input = countedInput(page);

  await page.getByRole('button', { name: 'New phone order' }).focus();
  await input.press('Enter');
  await expect(dialog(page).getByLabel("Customer's name")).toBeFocused();
  // The order type is the first control: Shift+Tab back from the name, then the arrow picks delivery.
  await input.press('Shift+Tab', 'ArrowRight');
  await expect(dialog(page).getByRole('radio', { name: 'Delivery' })).toBeChecked();
  await input.press('Tab');
  await expect(dialog(page).getByLabel("Customer's name")).toBeFocused();
  await input.type('Sam Delivery');
  await input.press('Tab');
  await input.type('0113 496 0555');
  await input.press('Tab', 'Tab');
  await expect(dialog(page).getByLabel('Postcode')).toBeFocused();
  await input.type('ls6 2ab');
  await input.press('Tab');
  await expect(dialog(page).getByText(/We deliver here: delivery £/)).toBeVisible();
  await input.type('3 Cardigan Road');
  await input.press('Tab', 'Tab');
  await input.type('Leeds');
  await input.press('Tab');
  await expect(dialog(page).getByRole('combobox', { name: /Add a dish/ })).toBeFocused();
  // Dish 54 by number, then two by name: one found by its Chinese name, one picked with the arrow key.
  await input.type('54');
  await input.press('Enter');
  await input.type('鸡茸粟米羹');
  await input.press('ArrowDown', 'Enter');
  await input.type('9');
  await input.press('Enter');
  await expect(dialog(page).getByRole('listitem')).toHaveCount(3);
  await expect(dialog(page).getByRole('listitem').nth(1)).toContainText('Chicken & Sweetcorn Soup (Large)');

  // A time from the slots, by keyboard.
  await dialog(page).getByLabel('Time').focus();
  await input.press('ArrowDown');
  const chosen = await dialog(page).getByLabel('Time').inputValue();
  expect(chosen).not.toBe('asap');
  await input.press('Control+Enter');
  const placed = dialog(page).getByRole('status');
  await expect(placed).toContainText(/Order (\d+) placed and accepted/);
  await expect(placed).toContainText('in cash, delivery');
  const orderNumber = /Order (\d+)/.exec((await placed.textContent()) ?? '')![1];
  expect(input.counts.taps).toBe(0);
  await input.press('Escape');

  // Accepted on the dashboard, marked as a phone order.
  const ticket = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(ticket).toBeVisible();
  await expect(ticket.getByText('Phone order', { exact: true })).toBeVisible();
  await expect(ticket).toContainText('Sam Delivery');
  // Accepted: in progress, its kitchen status Ordered, waiting to be cooked.
  await expect(page.getByRole('region', { name: /^In progress/ }).getByRole('article', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(ticket.getByRole('button', { name: 'Start cooking' })).toBeVisible();

  // Printed by itself on the counter's printer, as an accepted online order is.
  const printed = await page.context().newPage();
  await printed.goto('/kitchen/printers');
  const ticketPrinted = printed.getByRole('list', { name: 'Printed tickets' }).getByRole('figure').filter({ hasText: `ORDER ${orderNumber}` });
  await expect(ticketPrinted).toContainText('Chicken & Sweetcorn Soup', { timeout: 15_000 });
  await expect(ticketPrinted).toContainText('3 Cardigan Road');
  await printed.close();

  // In the owner's takings as phone.
  const owner = await browser.newPage({ baseURL });
  await openBackOffice(owner, '/manage/takings');
  const row = owner.getByRole('table', { name: /Every order placed/ }).getByRole('row').filter({ has: owner.getByRole('rowheader', { name: orderNumber, exact: true }) });
  await expect(row).toContainText('Phone');
  await expect(row).toContainText('Sam Delivery');
  await expect(row).toContainText('Accepted');
  await owner.close();
}

/** Opens the form by keyboard and types the caller's name and number and one dish, dish 9, by its number. */
async function openWithOneDish(page: Page, name: string, phone: string): Promise<void> {
  await page.keyboard.press('Alt+KeyN');
  await expect(dialog(page).getByLabel("Customer's name")).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(phone);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9');
  await expect(dialog(page).getByRole('option', { name: /Mixed Starter for Two/ })).toBeVisible();
  await page.keyboard.press('Enter');
}

test('a phone order over the slot limit is refused at its time, keeping what was typed', async ({ page, baseURL }) => {
  await setSlotLimit(baseURL!, 1);
  try {
    await signInToDashboard(page);
    await openWithOneDish(page, 'Full Slot', '07700900333');
    const time = dialog(page).getByLabel('Time');
    await time.focus();
    await page.keyboard.press('ArrowDown');
    const slot = await time.inputValue();

    // Meanwhile a customer online takes the slot's last place (placeGuestOrder takes the first slot offered).
    const online = await placeGuestOrder(baseURL!);
    expect(online.orderRef).toBeTruthy();

    await page.keyboard.press('Control+Enter');
    await expect(time).toHaveAccessibleDescription(SLOT_FULL_MESSAGE);
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    // Nothing typed is lost, and nothing was placed.
    await expect(dialog(page).getByLabel("Customer's name")).toHaveValue('Full Slot');
    await expect(dialog(page).getByRole('listitem')).toHaveCount(1);
    await expect(time).toHaveValue(slot);
    await expect(page.getByRole('article').filter({ hasText: 'Full Slot' })).toHaveCount(0);
  } finally {
    await setSlotLimit(baseURL!, null);
  }
});

test('an order whose answer was lost is placed again with the same key: one order, everything typed kept meanwhile', async ({ page }) => {
  const sent: Array<{ idempotencyKey?: string; name: string }> = [];
  let loseTheAnswer = true;
  await page.route('**/api/kitchen/phoneOrders', async (route) => {
    sent.push(route.request().postDataJSON());
    if (!loseTheAnswer) return route.fallback();
    loseTheAnswer = false;
    // The server places the order; its answer never reaches the tablet (its wifi dropped).
    expect((await route.fetch()).status()).toBe(200);
    await route.abort('connectionreset');
  });
  await signInToDashboard(page);
  await openWithOneDish(page, 'Lost Answer', '07700900444');
  const time = dialog(page).getByLabel('Time');
  if ((await time.inputValue()) === 'asap' && (await time.locator('option[value="asap"]').isDisabled())) {
    await time.focus();
    await page.keyboard.press('ArrowDown');
  }

  await page.keyboard.press('Control+Enter');
  await expect(dialog(page).getByRole('alert')).toHaveText('Connection lost: the order may have gone through. Placing it again will not place it twice.');
  await expect(dialog(page).getByLabel("Customer's name")).toHaveValue('Lost Answer');
  await expect(dialog(page).getByRole('listitem')).toHaveCount(1);
  // It went through: the dashboard behind the form shows it.
  const tickets = page.getByRole('article').filter({ hasText: 'Lost Answer' });
  await expect(tickets).toHaveCount(1, { timeout: 15_000 });

  await dialog(page).getByRole('button', { name: 'Place order' }).click();
  const placed = dialog(page).getByRole('status');
  await expect(placed).toContainText(/Order (\d+) placed and accepted/);
  const orderNumber = /Order (\d+)/.exec((await placed.textContent()) ?? '')![1];
  expect(sent).toHaveLength(2);
  expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  // The order the form names is the one on the dashboard (a second order would be a second number), and it is there once.
  await expect(page.getByRole('article', { name: `Order ${orderNumber}` })).toContainText('Lost Answer');
  await expect(tickets).toHaveCount(1);
});

test('a dish typed and entered before the menu has come is added once it has', async ({ page }) => {
  let letTheMenuThrough: () => void = () => undefined;
  const menuHeld = new Promise<void>((resolve) => (letTheMenuThrough = resolve));
  await page.route('**/api/menu/getMenu/**', async (route) => {
    await menuHeld;
    await route.fallback();
  });
  await signInToDashboard(page);
  await page.keyboard.press('Alt+KeyN');
  const dishSearch = dialog(page).getByRole('combobox', { name: /Add a dish/ });
  await expect(dishSearch).toHaveAccessibleDescription('Loading the menu…');
  await dishSearch.fill('9');
  await dishSearch.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Dishes (0)' })).toBeVisible();
  letTheMenuThrough();
  await expect(dialog(page).getByRole('heading', { name: 'Dishes (1)' })).toBeVisible();
  await expect(dialog(page).getByRole('listitem').filter({ hasText: 'Mixed Starter for Two' })).toHaveCount(1);
  await expect(dishSearch).toHaveValue('');
});

test("a tablet whose clock is wrong still names the times by the server's day, not its own", async ({ page, baseURL }) => {
  const listed = await fetch(new URL('/api/orderbuilder/timeSlots/1', baseURL), { headers: { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' } });
  const { slots, serverTime } = ((await listed.json()) as { data: { slots: string[]; serverTime: string } }).data;
  expect(slots.length).toBeGreaterThan(0);
  const serversLabel = slotLabel(slots[0], new Date(serverTime));
  // A clock a day or two out, or just past the slot, whichever would name the first time's day otherwise.
  const slotMs = Date.parse(slots[0]);
  const wrongClock = [slotMs - 24 * 3_600_000, slotMs - 48 * 3_600_000, slotMs + 3_600_000].find((at) => slotLabel(slots[0], new Date(at)) !== serversLabel);
  expect(wrongClock).toBeDefined();
  await page.clock.install({ time: wrongClock! });
  await signInToDashboard(page);
  await page.keyboard.press('Alt+KeyN');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel('Time').locator(`option[value="${slots[0]}"]`)).toHaveText(serversLabel);
});
