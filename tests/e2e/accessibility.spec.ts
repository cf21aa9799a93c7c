import { expect, test, type Page } from '@playwright/test';
import axeCore, { type Result, type RunOptions } from 'axe-core';
import { confirmCode, freshEmail, register } from './accountSupport';
import { AXE_CHECKED_ROUTES, type AxeTestName, type CheckedRoute } from './accessibilityRoutes';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import { nextKitchenPoll, STAFF_EMAIL, STAFF_PASSWORD, ticketIn } from './kitchenSupport';
import { placeGuestOrder } from './guestOrderApi';
import { openDayAhead } from './londonCalendar';
import {
  addDishes,
  chooseFirstLaterSlot,
  chooseOrderTypeAndContinue,
  enterAddress,
  enterContact,
  expectStep,
  openBasket,
  readOrderReference,
} from './orderSupport';
import { expectPaymentButtons, payWithPayPal } from './paymentSupport';
import { openBackOffice } from './manageSupport';
import { navigateInApp, RESTAURANT_NAME, waitForShell } from './shellSupport';

const AXE_OPTIONS: RunOptions = {
  // WCAG 2.1 A and AA, and axe's best practices (landmarks, heading order, one main heading).
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // Only the violations are described node by node: describing every passing node would be most of what axe builds and sends back.
  resultTypes: ['violations'],
  // The document is checked, not the frames in it: the app has none of its own, and PayPal's buttons come in PayPal's own
  // cross-origin frames in production, PayPal's to check (the fake draws them in the page, where they are checked with it).
  iframes: false,
};

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** One line per element that fails a rule, so that a failure names what to fix and where. */
function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}. ${node.failureSummary ?? ''}`.trim()),
  );
}

/**
 * axe's violations on the page as it is now, once its transitions are over. axe is put into the document once and stays
 * there across in-app navigation (AxeBuilder would inject its 500 KB source again for every check, and finish each run in
 * a new page).
 */
async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  return page.evaluate(async (options) => {
    // The page at rest: a transition starts a frame or two after what it draws is in the DOM (a dialog fading in), and is
    // read half-drawn if not waited for; endless animations (a spinner) are not.
    await new Promise((frameDrawn) => requestAnimationFrame(() => requestAnimationFrame(frameDrawn)));
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    return (await (window as unknown as { axe: typeof axeCore }).axe.run(document, options)).violations;
  }, AXE_OPTIONS);
}

/**
 * The axe checks of one test, which visits many pages: each page's violations fail the test under its path (and state)
 * without stopping it, so that one run names every page to fix; at the end, the test must have met every route
 * accessibilityRoutes.ts gives it.
 */
function axeChecks<Test extends AxeTestName>(page: Page, testName: Test) {
  const checked = new Set<string>();
  return {
    async check(route: CheckedRoute<Test>, state?: string): Promise<void> {
      const violations = await axeViolations(page);
      const where = `${new URL(page.url()).pathname}${state === undefined ? '' : ` (${state})`}`;
      expect.soft(describeViolations(violations), `axe at ${where}`).toEqual([]);
      checked.add(route);
    },
    expectEveryRouteChecked(): void {
      expect([...checked].sort(), `the routes "${testName}" checks`).toEqual([...AXE_CHECKED_ROUTES[testName]].sort());
    },
  };
}

type AxeChecks<Test extends AxeTestName> = ReturnType<typeof axeChecks<Test>>;

/** A page reached by in-app navigation, shown once its main heading is drawn; `ready` waits for what comes later. */
interface PageVisit<Test extends AxeTestName> {
  route: CheckedRoute<Test>;
  path?: string;
  heading: string;
  ready?: (page: Page) => Promise<void>;
}

/** Each page in turn, in the running app (one page load for all), checked once drawn with its data. */
async function checkEachPage<Test extends AxeTestName>(
  page: Page,
  axe: AxeChecks<Test>,
  visits: readonly PageVisit<Test>[],
): Promise<void> {
  for (const { route, path = route, heading, ready } of visits) {
    await navigateInApp(page, path);
    // The heading is drawn once the page's data is in.
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await ready?.(page);
    // A page whose data failed to load keeps its heading but shows an alert instead of its content.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await axe.check(route);
  }
}

const INFORMATION_PAGES: readonly PageVisit<'the information pages'>[] = [
  { route: '/home', heading: RESTAURANT_NAME },
  { route: '/restaurant', heading: 'Visit the restaurant' },
  { route: '/apps', heading: 'Our Apps' },
  { route: '/privacy', heading: 'Privacy Policy' },
  { route: '/cookies', heading: 'Cookie Policy' },
  { route: '/terms', heading: 'Terms of Use' },
  { route: '/about-us', heading: 'About Us' },
  // A page the restaurant added, shown by the generic `/{page}` route.
  { route: '/$page', path: '/allergens', heading: 'Allergen information' },
  {
    route: '/gallery',
    heading: 'Gallery',
    // The carousel's own controls come with its chunk: checked once they are drawn, not its placeholder.
    ready: (page) => expect(page.getByRole('button', { name: 'Show photo 1' })).toBeVisible(),
  },
];

/** The back office's pages after its overview, each with what shows once its data is in (docs/back-office.md). */
const BACK_OFFICE_PAGES: readonly PageVisit<'the back office'>[] = [
  { route: '/manage/audit', heading: 'Audit', ready: (page) => expect(page.getByRole('status').filter({ hasText: 'Loading changes' })).toHaveCount(0) },
  { route: '/manage/menu', heading: 'Menu', ready: (page) => expect(page.getByRole('switch', { name: 'Prawn Crackers', exact: true })).toBeVisible() },
  { route: '/manage/pages', heading: 'Pages', ready: (page) => expect(page.getByRole('option', { name: 'About Us (/about-us)' })).toBeAttached() },
  { route: '/manage/zones', heading: 'Delivery zones', ready: (page) => expect(page.getByRole('group', { name: 'Zone LS6' })).toBeVisible() },
  { route: '/manage/printers', heading: 'Printers', ready: (page) => expect(page.getByRole('button', { name: 'Add a printer' })).toBeVisible() },
  { route: '/manage/customers', heading: 'Customers and loyalty' },
  { route: '/manage/hours', heading: 'Opening hours', ready: (page) => expect(page.getByRole('textbox', { name: 'Tuesday session 1 opens' })).toBeVisible() },
  { route: '/manage/settings', heading: 'Takeaway settings', ready: (page) => expect(page.getByRole('checkbox', { name: 'Take orders online' })).toBeVisible() },
  { route: '/manage/takings', heading: 'Takings', ready: (page) => expect(page.getByRole('table', { name: 'Totals' })).toBeVisible() },
];

// After /login, where the test starts.
const ACCOUNT_AND_HELP_PAGES: readonly PageVisit<'the sign-in, help and form pages'>[] = [
  { route: '/register', heading: 'Register for an account' },
  { route: '/confirmAccount', heading: 'Confirm your account' },
  { route: '/forgotpassword', path: '/forgotPassword', heading: 'Reset your password' },
  { route: '/track', heading: 'Track your order' },
  { route: '/updateRequired', heading: 'An update is required for your App' },
  { route: '/fix-issue', heading: 'Fix your order issue' },
  { route: '/sorry', heading: 'Sorry, something went wrong' },
  { route: '/$page', path: '/no-such-page/at-all', heading: 'This page is not on our menu' },
];

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

for (const [widthName, device] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test.describe(`at a ${widthName} width, axe finds no violations on`, () => {
    test.use(device);

    test('the information pages, with the menu open', async ({ page }) => {
      test.slow();
      const axe = axeChecks(page, 'the information pages');
      await page.goto('/');
      await waitForShell(page);
      await expect(page.getByRole('heading', { level: 1, name: RESTAURANT_NAME })).toBeVisible();
      await axe.check('/');
      if (widthName === 'phone') {
        const menuButton = page.getByRole('button', { name: 'Menu' });
        await menuButton.click();
        await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
        await axe.check('/', 'the menu open');
        await menuButton.click();
        await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
      }

      await checkEachPage(page, axe, INFORMATION_PAGES);

      axe.expectEveryRouteChecked();
    });

    test('the sign-in, help and form pages, with the booking and catering forms\' messages', async ({ page }) => {
      test.slow();
      const axe = axeChecks(page, 'the sign-in, help and form pages');
      await page.goto('/login');
      await waitForShell(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await axe.check('/login');
      await checkEachPage(page, axe, ACCOUNT_AND_HELP_PAGES);

      await navigateInApp(page, '/dine-at-home');
      await expect(page.getByRole('heading', { level: 1, name: 'Dine at home' })).toBeVisible();
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
      await axe.check('/dine-at-home', 'refused fields');

      await navigateInApp(page, '/booking');
      await expect(page.getByRole('heading', { level: 1, name: 'Book a table' })).toBeVisible();
      const submit = page.getByRole('button', { name: 'Send booking request' });
      await submit.click();
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
      await axe.check('/booking', 'refused fields');
      await page.getByRole('textbox', { name: 'Date', exact: true }).fill(openDayAhead());
      const time = page.getByRole('combobox', { name: 'Time' });
      await expect(time).toBeEnabled();
      await time.selectOption({ index: 1 });
      await page.getByRole('textbox', { name: 'Name' }).fill('Mei Lin');
      await page.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
      await page.getByRole('textbox', { name: 'Email' }).fill('mei.lin@example.com');
      await submit.click();
      await expect(page.getByRole('status', { name: 'Your booking request has been sent' })).toBeVisible();
      await axe.check('/booking', 'sent');

      // Opened with no order being paid, the payment step goes on to say so.
      await navigateInApp(page, '/paymentProcessing', '/paymentIssue');
      await expect(page.getByText('Your order was not loaded correctly.', { exact: true })).toBeVisible();
      await axe.check('/paymentIssue', 'no order loaded');

      axe.expectEveryRouteChecked();
    });

    test('a guest\'s cash collection order, from the menu to tracking it', async ({ page }) => {
      test.slow();
      const axe = axeChecks(page, 'a guest cash collection order');
      // The customer's polls run on the page's fake clock: the cancel below meets the acceptance before a poll does.
      await page.clock.install();
      await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
      await expect(page.getByRole('link', { name: /^View basket \(2 items\) £/ })).toBeVisible();
      await axe.check('/order', 'the basket bar showing');
      // The dishes' Chinese names, marked with their language, in the menu and in a search's results.
      await expect(page.getByRole('article', { name: 'Sweet & Sour Chicken', exact: true }).locator('[lang="zh-Hans"]')).toHaveText('咕噜鸡');
      await page.getByRole('searchbox', { name: 'Search the menu' }).fill('咕噜');
      await expect(page.getByRole('region', { name: 'Search results' }).getByRole('article', { name: 'Sweet & Sour Pork', exact: true })).toBeVisible();
      await axe.check('/order', 'a search by Chinese name');
      await page.getByRole('searchbox', { name: 'Search the menu' }).fill('');
      await openBasket(page, 2);
      await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
      await axe.check('/basket');

      await chooseOrderTypeAndContinue(page, 'Collection');
      await expectStep(page, '/contact', 'Enter your contact details');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
      await axe.check('/contact', 'refused fields');
      await enterContact(page);

      await expectStep(page, '/orderTime', 'Select your order time');
      await page.getByRole('radio', { name: 'At a later time' }).check();
      await expect(page.getByRole('combobox', { name: 'Time' })).toBeVisible();
      await axe.check('/orderTime', 'a later time');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectStep(page, '/checkout', 'Order checkout');
      await axe.check('/checkout');

      // The server refuses the first confirmation, as it would a time that had just gone.
      await page.route('**/api/orderbuilder/confirm', (route) =>
        route.fulfill({ status: 400, json: { errorMessage: 'The time you chose is no longer available: please choose another time', validationErrors: [] } }),
      );
      await page.getByRole('button', { name: 'Place order' }).click();
      await expectStep(page, '/fix-issue', 'Fix your order issue');
      await expect(page.getByRole('alert')).toContainText('The time you chose is no longer available');
      await axe.check('/fix-issue', 'a refused confirmation');
      await page.unroute('**/api/orderbuilder/confirm');
      await page.getByRole('button', { name: 'Try again' }).click();
      await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
      const reference = await readOrderReference(page);
      await axe.check('/restaurant-confirmation', 'waiting for the kitchen');

      await kitchen.accept(reference);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('dialog', { name: 'Cancel your order?' }).getByRole('button', { name: 'Yes, cancel order' }).click();
      await expectStep(page, '/order-cancel-error', 'Your order could not be cancelled');
      await axe.check('/order-cancel-error');
      await page.getByRole('button', { name: 'Back to your order' }).click();
      await expectStep(page, '/confirmation', 'Thank you, your order is confirmed');
      await axe.check('/confirmation');
      await page.getByRole('link', { name: 'Track your order' }).click();
      await expectStep(page, '/track', 'Track your order');
      await expect(page.getByRole('status', { name: 'Order status' })).toBeVisible();
      await axe.check('/track', 'an accepted order');

      axe.expectEveryRouteChecked();
    });

    test('a delivery order\'s address, its payment with PayPal, and its cancelling', async ({ page }) => {
      test.slow();
      const axe = axeChecks(page, 'a delivery order paid with PayPal, then cancelled');
      // £7.60 + £6.90 + £3.90 = £18.40, above LS6's £12 minimum.
      await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
      await openBasket(page, 3);
      await chooseOrderTypeAndContinue(page, 'Delivery');
      await expectStep(page, '/delivery', 'Enter your delivery details');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveAttribute('aria-invalid', 'true');
      await axe.check('/delivery', 'refused fields');
      await enterAddress(page, 'LS6 1AA');
      await enterContact(page);
      await chooseFirstLaterSlot(page);

      await expectStep(page, '/checkout', 'Order checkout');
      await page.getByRole('radio', { name: 'PayPal' }).check();
      await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expectPaymentButtons(page);
      await axe.check('/payment');

      // The site's authorisation waits while /paymentProcessing is checked.
      let releaseAuthorisation: () => void = () => undefined;
      const authorisationReleased = new Promise<void>((resolve) => (releaseAuthorisation = resolve));
      await page.route('**/api/payment/authorise-capture', async (route) => {
        await authorisationReleased;
        await route.fallback();
      });
      await payWithPayPal(page);
      await expectStep(page, '/paymentProcessing', 'Processing your payment');
      await axe.check('/paymentProcessing');
      releaseAuthorisation();
      await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');

      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('dialog', { name: 'Cancel your order?' }).getByRole('button', { name: 'Yes, cancel order' }).click();
      await expectStep(page, '/order-cancelled', 'Your order has been cancelled');
      await axe.check('/order-cancelled');

      axe.expectEveryRouteChecked();
    });

    test('the kitchen: the dashboard with a waiting and an accepted order, a ticket and the bookings', async ({ page, baseURL }) => {
      test.slow();
      const axe = axeChecks(page, 'the kitchen');
      await page.clock.install();
      await page.goto('/kitchen');
      await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/kitchen');
      await page.getByLabel('Email').fill(STAFF_EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectStep(page, '/kitchen', 'Kitchen');

      // The dashboard is the slowest page to check (every test's orders are on it): checked once, with both kinds of ticket.
      await page.getByRole('button', { name: 'Tap to turn on sound' }).click();
      const [{ orderRef }, waiting] = await Promise.all([placeGuestOrder(baseURL!), placeGuestOrder(baseURL!)]);
      await nextKitchenPoll(page);
      await ticketIn(page, 'New', orderRef).getByRole('button', { name: 'Accept', exact: true }).click();
      await expect(ticketIn(page, 'In progress', orderRef)).toBeVisible();
      await expect(ticketIn(page, 'New', waiting.orderRef)).toBeVisible();
      await axe.check('/kitchen', 'an order waiting and one accepted');

      // The phone order dialog (docs/phone-orders.md), with dishes found by the search and a field the server refused.
      await page.getByRole('button', { name: 'New phone order' }).click();
      const phoneOrder = page.getByRole('dialog', { name: 'New phone order' });
      const dishSearch = phoneOrder.getByRole('combobox', { name: /Add a dish/ });
      await phoneOrder.getByLabel("Customer's name").fill('Axe Caller');
      await phoneOrder.getByRole('textbox', { name: 'Phone', exact: true }).fill('12345');
      await dishSearch.fill('9');
      await dishSearch.press('Enter');
      await phoneOrder.getByRole('button', { name: 'Place order' }).click();
      await expect(phoneOrder.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('aria-invalid', 'true');
      await dishSearch.fill('13');
      await expect(phoneOrder.getByRole('listbox', { name: 'Dishes found' }).getByRole('option')).toHaveCount(2);
      await axe.check('/kitchen', 'the phone order dialog: dishes found, a field refused');
      await phoneOrder.getByRole('button', { name: 'Close the phone order' }).click();

      await navigateInApp(page, `/kitchen/ticket/${orderRef}`);
      await expect(page.getByRole('region', { name: 'Printable ticket' }).getByRole('heading', { level: 1 })).toHaveText('Alex Guest: Collection');
      await axe.check('/kitchen/ticket/$orderId');
      await navigateInApp(page, '/kitchen/bookings');
      await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
      await axe.check('/kitchen/bookings');
      await navigateInApp(page, '/kitchen/printers');
      await expect(page.getByRole('heading', { level: 1, name: 'Printers' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading the printers' })).toHaveCount(0);
      await axe.check('/kitchen/printers');

      axe.expectEveryRouteChecked();
    });

    test('the account pages, signed in, with form messages and the deletion dialog showing', async ({ page }) => {
      // A customer registers first: several pages in one test.
      test.slow();
      const axe = axeChecks(page, 'the account pages');
      await register(page, freshEmail(`axe-${widthName}`));
      await confirmCode(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      await axe.check('/createAccount');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectStep(page, '/account', 'Your account details');
      await axe.check('/account');

      await page.getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
      await axe.check('/account', 'the deletion dialog');
      await page.getByRole('button', { name: 'Keep my account' }).click();

      for (const form of [
        { route: '/updateProfile', link: 'Update profile', heading: 'Update your profile', submit: 'Save profile', invalid: 'Name' },
        { route: '/addAddress', link: 'Add an address', heading: 'Add an address', submit: 'Add address', invalid: 'Address line 1' },
      ] as const) {
        await page.getByRole('link', { name: form.link }).click();
        await expectStep(page, form.route, form.heading);
        await page.getByRole('button', { name: form.submit }).click();
        await expect(page.getByRole('textbox', { name: form.invalid })).toHaveAttribute('aria-invalid', 'true');
        await axe.check(form.route, 'refused fields');
        await page.getByRole('link', { name: 'Back to your account' }).click();
      }

      for (const { route, heading } of [
        { route: '/accountQR', heading: 'Your loyalty QR code' },
        { route: '/vouchers', heading: 'Your vouchers' },
        { route: '/viewOrder', heading: 'Your previous orders' },
      ] as const) {
        await navigateInApp(page, route);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await axe.check(route);
      }

      axe.expectEveryRouteChecked();
    });

    test('the back office: the overview and each section, signed in as the owner', async ({ page }) => {
      test.slow();
      const axe = axeChecks(page, 'the back office');
      await openBackOffice(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
      // The layout route and its index are one page.
      await axe.check('/manage');
      await axe.check('/manage/');
      await checkEachPage(page, axe, BACK_OFFICE_PAGES);
      axe.expectEveryRouteChecked();
    });
  });
}
