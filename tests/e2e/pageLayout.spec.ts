import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDishes, chooseFirstLaterSlot, chooseOrderTypeAndContinue, enterContact, expectStep, openBasket } from './orderSupport';
import { continueToPayment, expectPaymentButtons } from './paymentSupport';
import { waitForHydration, waitForShell } from './shellSupport';

// Issue 30's layout items, each measured as a person would see it: the ordering steps on a desktop, the menu's
// category list at 1280 px and on a phone, and the menu's spoken announcement.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The step's column (the element of `main` holding the page's heading), with the page's width beside it. */
async function stepColumn(page: Page): Promise<{ left: number; right: number; pageWidth: number }> {
  return page.getByRole('heading', { level: 1 }).evaluate((heading) => {
    let column: Element = heading;
    while (column.parentElement && column.parentElement.tagName !== 'MAIN') column = column.parentElement;
    const { left, right } = column.getBoundingClientRect();
    return { left, right, pageWidth: document.documentElement.clientWidth };
  });
}

/** Each step of the order, from the basket to /payment, measured on arrival. */
async function measureEveryStep(page: Page): Promise<Record<string, { left: number; right: number; pageWidth: number }>> {
  const columns: Record<string, { left: number; right: number; pageWidth: number }> = {};
  await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(page, 2);
  await expect(page.getByRole('list', { name: 'Items in your basket' })).toBeVisible();
  columns.basket = await stepColumn(page);
  await chooseOrderTypeAndContinue(page, 'Collection');
  await expectStep(page, '/contact', 'Enter your contact details');
  columns.contact = await stepColumn(page);
  await enterContact(page);
  await expectStep(page, '/orderTime', 'Select your order time');
  columns.orderTime = await stepColumn(page);
  await chooseFirstLaterSlot(page);
  await expectStep(page, '/checkout', 'Order checkout');
  columns.checkout = await stepColumn(page);
  await continueToPayment(page);
  await expectPaymentButtons(page);
  columns.payment = await stepColumn(page);
  return columns;
}

test.describe('the ordering steps on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('basket, contact, time, checkout, payment and tracking sit in one column in the middle of the page, not at its left beside an empty half', async ({ page }) => {
    const columns = await measureEveryStep(page);
    // What /payment shows sits in that column too, not only its heading.
    const payPal = (await page.getByRole('button', { name: 'PayPal', exact: true }).boundingBox())!;
    expect(Math.abs(payPal.x + payPal.width / 2 - columns.payment.pageWidth / 2)).toBeLessThanOrEqual(1);
    await page.goto('/track');
    await expectStep(page, '/track', 'Track your order');
    columns.track = await stepColumn(page);
    const basket = columns.basket;
    for (const [step, column] of Object.entries(columns)) {
      const leftMargin = column.left;
      const rightMargin = column.pageWidth - column.right;
      expect(Math.abs(leftMargin - rightMargin), `${step}: centred (${leftMargin} px left, ${rightMargin} px right)`).toBeLessThanOrEqual(1);
      expect(column.right - column.left, `${step}: a column wide enough to read a basket in`).toBeGreaterThanOrEqual(560);
      // The column's edges stay where they were from one step to the next.
      expect([column.left, column.right], step).toEqual([basket.left, basket.right]);
    }
  });
});

test.describe('the ordering steps on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('keep the whole width of the screen, inside the page margins', async ({ page }) => {
    for (const [step, column] of Object.entries(await measureEveryStep(page))) {
      expect([column.left, column.pageWidth - column.right], step).toEqual([16, 16]);
    }
  });
});

/** The menu's list of categories and its links, once the app draws the menu. */
async function categoryList(page: Page): Promise<{ list: Locator; links: Locator }> {
  await page.goto('/order');
  await waitForHydration(page);
  await waitForShell(page);
  const navigation = page.getByRole('navigation', { name: 'Jump to a category' });
  const links = navigation.getByRole('link');
  await expect(links.first()).toBeVisible();
  return { list: navigation.getByRole('list'), links };
}

/** The links not wholly inside the list's box: each is a name cut off where the list ends. */
async function cutOff(list: Locator, links: Locator): Promise<string[]> {
  const box = (await list.boundingBox())!;
  const cut: string[] = [];
  for (const link of await links.all()) {
    const { x, width } = (await link.boundingBox())!;
    if (x < box.x - 0.5 || x + width > box.x + box.width + 0.5) cut.push((await link.textContent()) ?? '');
  }
  return cut;
}

const maskOf = (list: Locator) => list.evaluate((element) => getComputedStyle(element).maskImage);

test.describe("the menu's categories", () => {
  test('at 1280 px every category is in view, none cut off mid-word', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const { list, links } = await categoryList(page);
    expect(await links.count()).toBeGreaterThan(10);
    expect(await cutOff(list, links)).toEqual([]);
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    expect(await maskOf(list)).toBe('none');
  });

  test('on a phone they scroll sideways, and the edge with more beyond it fades out to say so', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { list, links } = await categoryList(page);
    const scrolls = await list.evaluate((element) => element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX === 'auto');
    expect(scrolls, 'the list scrolls sideways').toBe(true);
    // At the start: the first category whole, the far edge faded.
    expect(await cutOff(list, links.first())).toEqual([]);
    await expect.poll(() => maskOf(list)).toMatch(/^linear-gradient\(to left, rgba\(0, 0, 0, 0\), rgb\(0, 0, 0\) 40px\)$/);
    // Scrolled to the end: the last category whole, the near edge faded instead.
    await list.evaluate((element) => (element.scrollLeft = element.scrollWidth));
    await expect.poll(() => maskOf(list)).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\), rgb\(0, 0, 0\) 40px\)$/);
    expect(await cutOff(list, links.last())).toEqual([]);
    // In between, both edges fade.
    await list.evaluate((element) => (element.scrollLeft = element.scrollWidth / 3));
    await expect.poll(() => maskOf(list)).toMatch(/calc\(100%/);
  });
});

test("the menu's announcement of a dish added is said, not shown", async ({ page }) => {
  await addDishes(page, ['Sweet & Sour Chicken']);
  const announcement = page.getByRole('status').filter({ hasText: /^Added Sweet & Sour Chicken.*\. Basket: 1 item, £7\.60$/ });
  await expect(announcement).toBeAttached();
  await expect(announcement).toHaveAttribute('aria-live', 'polite');
  // Visually hidden: a box of at most one pixel, its text clipped away.
  const box = (await announcement.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(1);
  expect(box.height).toBeLessThanOrEqual(1);
  expect(await announcement.evaluate((element) => getComputedStyle(element).overflow)).toBe('hidden');
});

test.describe("inside the restaurant's app, edge to edge on a phone with a notch and a home indicator", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the header, the stuck category list and the basket bar sit clear of the status bar and the home indicator', async ({ page, context }) => {
    const insets = { top: 47, bottom: 34, left: 0, right: 0 };
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets });
    await page.goto('/order');
    await waitForHydration(page);

    const logo = (await page.getByRole('banner').getByRole('link').first().boundingBox())!;
    expect(logo.y).toBeGreaterThanOrEqual(insets.top);
    // The header's colour reaches the top of the screen, behind the status bar.
    expect(await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().top)).toBe(0);

    await addDishes(page, ['Crispy Seaweed']);
    const bar = (await page.getByRole('link', { name: /^View basket/ }).boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(PHONE.height - insets.bottom);

    const categories = page.getByRole('navigation', { name: 'Jump to a category' });
    await page.mouse.wheel(0, 2500);
    await expect.poll(async () => (await categories.boundingBox())!.y).toBe(insets.top);
    await page.screenshot({ path: '/tmp/app-insets-order.png' });
  });
});
