import { fork, type ChildProcess } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ORDER_TYPE_MEMORY_KEY } from '../../src/platform/orderTypeMemory';
import { londonDate } from './londonCalendar';
import { expectStep, GUEST } from './orderSupport';
import { waitForShell } from './shellSupport';

// DESIGN.md's budget: a guest's cash collection order, from the home page to the placed order, in at most 10 taps
// plus typing, whether or not ASAP is on offer. The shared e2e server keeps real time, so whether ASAP is offered
// would depend on the hour the tests run: this file forks its own server on the same build (clockedServer.ts), its
// clock set by each test to an hour the demo restaurant is open (ASAP on offer) or closed (only later times), and
// the page's clock to the same hour.

const TAP_BUDGET = 10;

/** The first `weekday` at least two days ahead, at `utcTime`: London is at UTC or an hour ahead, both inside the hours chosen. */
function nextWeekdayAt(weekday: string, utcTime: string): Date {
  for (let days = 2; days < 9; days += 1) {
    const day = londonDate(days);
    if (day.weekday === weekday) return new Date(`${day.iso}T${utcTime}Z`);
  }
  throw new Error(`No ${weekday} in the week ahead`);
}

/** Tuesday 19:00 or 20:00 in London: open 17:00–22:30, collection 20 minutes after ordering, so ASAP is offered. */
const OPEN_FOR_ASAP = nextWeekdayAt('Tuesday', '19:00:00');
/** Monday noon: closed all day (goldenDragonRestaurant.ts), so only Tuesday's times are offered. */
const CLOSED = nextWeekdayAt('Monday', '12:00:00');

let server: ChildProcess;
let serverUrl: string;

/** The next message the server answers. */
function answer<T>(): Promise<T> {
  return new Promise((resolve, reject) => {
    server.once('message', (message) => resolve(message as T));
    server.once('exit', (code) => reject(new Error(`The clocked server exited (${code})`)));
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = fork('tests/e2e/clockedServer.ts', [], { execArgv: ['--import', 'tsx'] });
  ({ url: serverUrl } = await answer<{ url: string }>());
});

test.afterAll(async () => {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.send({ stop: true });
  await stopped;
});

/** Every tap or click of the journey goes through `tap`, which counts it; typing (`fill`) is not counted. */
function tapCounter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    get count() {
      return taps;
    },
  };
}

async function openHomeAt(page: Page, now: Date): Promise<void> {
  server.send({ now: now.toISOString() });
  await answer();
  await page.clock.install({ time: now });
  await page.goto(`${serverUrl}/`);
  await waitForShell(page);
}

/** A first-time guest's cash collection order of two dishes (£11.50, over the £10 minimum), up to its order time. */
async function collectionOrderToOrderTime(page: Page, taps: ReturnType<typeof tapCounter>): Promise<void> {
  await taps.tap(page.getByRole('link', { name: 'Order a takeaway' }));
  for (const dish of ['Sweet & Sour Chicken', 'Crispy Seaweed']) await taps.tap(page.getByRole('button', { name: `Add ${dish} to order` }));
  await taps.tap(page.getByRole('link', { name: /^View basket \(2 items\) £/ }));
  await taps.tap(page.getByRole('radio', { name: 'Collection' }));
  await taps.tap(page.getByRole('button', { name: 'Continue' }));
  await expectStep(page, '/contact', 'Enter your contact details');
  await page.getByRole('textbox', { name: 'Name' }).fill(GUEST.name);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(GUEST.phone);
  await page.getByRole('textbox', { name: 'Email' }).fill(GUEST.email);
  await taps.tap(page.getByRole('button', { name: 'Continue' }));
  await expectStep(page, '/orderTime', 'Select your order time');
}

async function placeCashOrder(page: Page, taps: ReturnType<typeof tapCounter>, time: string | RegExp): Promise<void> {
  await taps.tap(page.getByRole('button', { name: 'Continue' }));
  await expectStep(page, '/checkout', 'Order checkout');
  await expect(page.getByText(time)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  await taps.tap(page.getByRole('button', { name: 'Place order' }));
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  await expect(page.getByRole('status', { name: 'Order number' })).toContainText('Your order number is');
}

test('with ASAP on offer, a guest places a cash collection order in at most 10 taps', async ({ page }) => {
  const taps = tapCounter();
  await openHomeAt(page, OPEN_FOR_ASAP);
  await collectionOrderToOrderTime(page, taps);

  // The step opens with as soon as possible chosen; a later time is still one tap away.
  await expect(page.getByRole('radio', { name: 'As soon as possible' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'At a later time' })).not.toBeChecked();
  await placeCashOrder(page, taps, 'As soon as possible');

  expect(taps.count).toBeLessThanOrEqual(TAP_BUDGET);
});

test('with ASAP not on offer, a guest places a cash collection order in at most 10 taps', async ({ page }) => {
  const taps = tapCounter();
  await openHomeAt(page, CLOSED);
  await collectionOrderToOrderTime(page, taps);

  // The step opens with the first time offered chosen and shown: Tuesday's first quarter hour 20 minutes after opening.
  await expect(page.getByRole('radio', { name: 'As soon as possible' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'At a later time' })).toBeChecked();
  const time = page.getByRole('combobox', { name: 'Time' });
  await expect(time.locator('option:checked')).toHaveText('Tomorrow 17:30');
  await expect(time.locator('option')).not.toHaveCount(1);
  await placeCashOrder(page, taps, 'Tomorrow 17:30');

  expect(taps.count).toBeLessThanOrEqual(TAP_BUDGET);
});

test('a device that chose collection before opens the next basket with collection ticked, still changeable', async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, '1'), ORDER_TYPE_MEMORY_KEY);
  await openHomeAt(page, OPEN_FOR_ASAP);
  await page.getByRole('link', { name: 'Order a takeaway' }).click();
  await page.getByRole('button', { name: 'Add Mixed Starter for Two to order' }).click();
  await page.getByRole('link', { name: /^View basket \(1 item\) £/ }).click();
  await expect(page.getByRole('radio', { name: 'Collection' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Delivery' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, '/contact', 'Enter your contact details');
});
