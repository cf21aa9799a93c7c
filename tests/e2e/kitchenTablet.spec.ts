import { expect, test, type Locator, type Page } from '@playwright/test';
import { placeGuestOrder } from './guestOrderApi';
import { kitchenApi } from './kitchenApi';
import { countChimes, nextKitchenPoll, signInToDashboard, ticketIn } from './kitchenSupport';

// The kitchen's tablet as staff hold it (docs/acceptance-and-kitchen.md, "The staff layout" and "New orders"): a
// touch screen, a staff layout without the site's navigation, and a new order that cannot be missed.

const LANDSCAPE = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const PORTRAIT = { viewport: { width: 800, height: 1280 }, hasTouch: true };

/** Whether all of the element is inside the viewport now. */
async function expectWithinViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${locator} is drawn`).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

/**
 * The board shows this test's own orders only, those added to the set answered: the shared server's other orders would
 * be on the board, chime and announce too.
 */
async function onlyTheseOrders(page: Page): Promise<Set<string>> {
  const mine = new Set<string>();
  await page.route('**/api/kitchen/orders', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { orders: { orderRef: string }[] } };
    body.data.orders = body.data.orders.filter((order) => mine.has(order.orderRef));
    await route.fulfill({ response, json: body });
  });
  return mine;
}

const londonTime = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(at);

test.describe('on a tablet in landscape', () => {
  test.use(LANDSCAPE);

  test('/kitchen is a staff layout: no public navigation, the time and busy mode in a bar kept in view, and every control 48 px or taller', async ({ page, baseURL }) => {
    await page.clock.install();
    const { orderRef } = await placeGuestOrder(baseURL!);
    await signInToDashboard(page);

    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    for (const publicLink of ['Restaurant', 'Gallery', 'Booking', 'Order a takeaway', 'Login or register']) {
      await expect(page.getByRole('link', { name: publicLink, exact: true })).toHaveCount(0);
    }

    const bar = page.getByRole('banner');
    // The clock ticks once a second: just after a minute begins it may still show the minute before.
    const before = londonTime(new Date(await page.evaluate(() => Date.now() - 1000)));
    const shown = (await bar.locator('time').textContent()) ?? '';
    const after = londonTime(new Date(await page.evaluate(() => Date.now())));
    expect([before, after]).toContain(shown);
    await expect(bar).toContainText(`Time now ${shown}`);
    await expect(bar.getByText('Busy mode: off', { exact: true })).toBeVisible();
    await expect(bar.getByText('Sound is off', { exact: true })).toBeVisible();

    // Busy mode changed below shows in the bar at once.
    await page.getByRole('region', { name: 'Busy mode' }).getByRole('button', { name: 'Add extra time' }).click();
    await expect(bar.getByText('Busy mode: 20 extra minutes on every order', { exact: true })).toBeVisible();
    await page.getByRole('region', { name: 'Busy mode' }).getByRole('button', { name: 'End busy mode' }).click();
    await expect(bar.getByText('Busy mode: off', { exact: true })).toBeVisible();

    await bar.getByRole('button', { name: 'Tap to turn on sound' }).click();
    await expect(bar.getByText('Sound on', { exact: true })).toBeVisible();
    await expect(ticketIn(page, 'New', orderRef)).toBeVisible();

    // Every button and link staff can tap, in the bar and on the page, is at least 48 px tall.
    // Measured in one go: other tests' orders reach this shared dashboard meanwhile, adding and removing tickets.
    const controls = await page
      .getByRole('banner')
      .or(page.getByRole('main'))
      .locator('button:visible, a:visible')
      .evaluateAll((elements) => elements.map((element) => ({ name: element.textContent?.trim(), height: element.getBoundingClientRect().height })));
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls) expect(control.height, `${control.name} is tall enough to tap`).toBeGreaterThanOrEqual(48);
    for (const main of ['Accept', 'Accept with a new time', 'Refuse']) {
      const box = await ticketIn(page, 'New', orderRef).getByRole('button', { name: main, exact: true }).boundingBox();
      expect(box!.height, `${main}: a main action is bigger still`).toBeGreaterThanOrEqual(56);
    }

    // Each of the ticket's facts reads along one line: its label level with the text beside it, the customer's row too,
    // whose phone number is a tall tap target.
    const facts = ticketIn(page, 'New', orderRef).locator('dl > div');
    expect(await facts.count()).toBeGreaterThanOrEqual(5);
    const rows = await facts.evaluateAll((rowElements) =>
      rowElements.map((row) => {
        const firstTextTop = (element: Element) => {
          const text = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP)).nextNode();
          const range = document.createRange();
          range.selectNodeContents(text!);
          return range.getClientRects()[0].bottom;
        };
        return { label: row.querySelector('dt')!.textContent, labelLine: firstTextTop(row.querySelector('dt')!), valueLine: firstTextTop(row.querySelector('dd')!) };
      }),
    );
    for (const row of rows) expect(Math.abs(row.labelLine - row.valueLine), `${row.label} is level with its value`).toBeLessThanOrEqual(2);

    // Scrolled to the bottom, the bar is still in view.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectWithinViewport(page, bar.locator('time'));
    await expectWithinViewport(page, bar.getByText(/^Busy mode: /));
  });

  test('the printed ticket leaves the staff bar off the paper', async ({ page, baseURL }) => {
    const { orderRef } = await placeGuestOrder(baseURL!);
    await signInToDashboard(page);
    await page.goto(`/kitchen/ticket/${orderRef}`);
    await expect(page.getByRole('region', { name: 'Printable ticket' })).toBeVisible();
    await expect(page.getByRole('banner').locator('time')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Printable ticket' })).toBeVisible();
  });

  test('a browser that blocks the sound is said to, and the tap is offered again', async ({ page }) => {
    await page.addInitScript(() => {
      AudioContext.prototype.resume = () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError'));
    });
    await signInToDashboard(page);
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Tap to turn on sound' }).click();
    await expect(bar.getByText('Sound is off: the browser blocked it', { exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Tap to turn on sound' })).toBeVisible();
  });
  test('in a rush, an order arriving leaves every ticket where staff are about to tap it, and the banner names each new order once, in a line', async ({ page, baseURL }) => {
    test.slow();
    const mine = await onlyTheseOrders(page);
    const placed: string[] = [];
    for (let order = 0; order < 4; order += 1) {
      const { orderRef } = await placeGuestOrder(baseURL!);
      mine.add(orderRef);
      placed.push(orderRef);
    }
    await page.clock.install();
    await page.goto('/');
    await signInToDashboard(page);
    await page.getByRole('button', { name: 'Tap to turn on sound' }).click();
    await expect(page.getByRole('region', { name: /^New/ }).getByRole('article')).toHaveCount(4);
    const banner = page.getByRole('alert').filter({ hasText: 'waiting for an answer' });
    await expect(banner).toContainText('4 new orders waiting for an answer');
    await expect(banner).toContainText('and 2 more');

    // Staff reach for the oldest order's Accept: it is first, and where it was drawn it stays.
    const oldest = ticketIn(page, 'New', placed[0]!);
    const accept = oldest.getByRole('button', { name: 'Accept', exact: true });
    await accept.scrollIntoViewIfNeeded();
    const before = await accept.boundingBox();
    const { orderRef } = await placeGuestOrder(baseURL!);
    mine.add(orderRef);
    await nextKitchenPoll(page);
    await expect(page.getByRole('region', { name: /^New/ }).getByRole('article')).toHaveCount(5);
    expect(await accept.boundingBox()).toEqual(before);
    // With the chime ringing, the banner took the order that came meanwhile.
    await expect(banner).toContainText('5 new orders waiting for an answer');
    await expect(banner).toContainText('and 3 more');
    // The banner stays one strip: the tickets' numbers under it are not covered.
    expect((await banner.boundingBox())!.height).toBeLessThan(150);
  });
});

test.describe('on a tablet in portrait', () => {
  test.use(PORTRAIT);

  test('a new order arriving while staff are scrolled to the bottom shows a banner in view, chiming until it is acknowledged', async ({ page, baseURL }) => {
    test.slow();
    const chimes = await countChimes(page);
    const kitchen = await kitchenApi(baseURL!);
    const mine = await onlyTheseOrders(page);
    // A rush: three orders in progress, so the dashboard is longer than the screen.
    for (let order = 0; order < 3; order += 1) {
      const { orderRef } = await placeGuestOrder(baseURL!);
      mine.add(orderRef);
      await kitchen.accept(orderRef);
    }
    await page.clock.install();
    await signInToDashboard(page);
    await page.getByRole('button', { name: 'Tap to turn on sound' }).click();
    await expect(page.getByRole('banner').getByText('Sound on', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: /^In progress/ }).getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('alert').filter({ hasText: 'waiting for an answer' })).toHaveCount(0);
    expect(await chimes()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const busyMode = page.getByRole('region', { name: 'Busy mode' });
    await expect(busyMode).toBeInViewport();

    const { orderRef } = await placeGuestOrder(baseURL!);
    mine.add(orderRef);
    await nextKitchenPoll(page);
    const banner = page.getByRole('alert').filter({ hasText: '1 new order waiting for an answer' });
    await expect(banner).toBeVisible();
    // Named as its ticket is, by the number staff call out: customers' names alone repeat in a rush.
    const ticketNumber = await ticketIn(page, 'New', orderRef).getByText(/^Order \d+$/).textContent();
    await expect(banner).toContainText(`${ticketNumber}: Alex Guest (Collection)`);
    // Staff are left where they were: the page does not jump to the new order.
    await expect(busyMode).toBeInViewport();
    await expectWithinViewport(page, banner);
    await expect.poll(chimes).toBeGreaterThanOrEqual(2);

    // It stays, and chimes again every 5 seconds, until acknowledged.
    for (let tick = 0; tick < 3; tick += 1) {
      const before = await chimes();
      await page.clock.fastForward(5_000);
      await expect.poll(chimes).toBeGreaterThanOrEqual(before + 2);
      await expectWithinViewport(page, banner);
    }

    await banner.getByRole('button', { name: 'Show the new order' }).click();
    await expect(banner).toHaveCount(0);
    const ticket = ticketIn(page, 'New', orderRef);
    await expect(ticket).toBeFocused();
    await expectWithinViewport(page, ticket.getByRole('button', { name: 'Accept', exact: true }));
    const acknowledgedAt = await chimes();
    await page.clock.fastForward(5_000);
    await page.clock.fastForward(5_000);
    await nextKitchenPoll(page);
    expect(await chimes(), 'silent once acknowledged').toBe(acknowledgedAt);
    // Still waiting for an answer: the ticket says so, and the tab's title counts it.
    await expect(page).toHaveTitle(/^\(1\) /);

    // The next order brings the banner and the chime back.
    const next = await placeGuestOrder(baseURL!);
    mine.add(next.orderRef);
    await nextKitchenPoll(page);
    await expect(page.getByRole('alert').filter({ hasText: '1 new order waiting for an answer' })).toBeVisible();
    await expect.poll(chimes).toBeGreaterThanOrEqual(acknowledgedAt + 2);
  });
});
