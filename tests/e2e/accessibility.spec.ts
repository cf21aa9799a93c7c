import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { confirmCode, freshEmail, register } from './accountSupport';
import { openDayAhead } from './londonCalendar';
import { navigateInApp, RESTAURANT_NAME, waitForShell } from './shellSupport';

// WCAG 2.1 A and AA, and axe's best practices (landmarks, heading order, one main heading).
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// Each page by its main heading, which is drawn once the settings gate and the page's data are in.
const PAGES: readonly { path: string; heading: string }[] = [
  { path: '/', heading: RESTAURANT_NAME },
  { path: '/restaurant', heading: 'Visit the restaurant' },
  { path: '/booking', heading: 'Book a table' },
  { path: '/dine-at-home', heading: 'Dine at home' },
  { path: '/apps', heading: 'Our Apps' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/cookies', heading: 'Cookie Policy' },
  { path: '/terms', heading: 'Terms of Use' },
  { path: '/about-us', heading: 'About Us' },
  // A page the restaurant added, shown by the generic `/{page}` route.
  { path: '/allergens', heading: 'Allergen information' },
  { path: '/gallery', heading: 'Gallery' },
  // The account's public steps, signed out.
  { path: '/login', heading: 'Sign in' },
  { path: '/register', heading: 'Register for an account' },
  { path: '/confirmAccount', heading: 'Confirm your account' },
  { path: '/forgotPassword', heading: 'Reset your password' },
];

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** One line per element that fails a rule, so that a failure names what to fix and where. */
function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}. ${node.failureSummary ?? ''}`.trim()),
  );
}

async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(describeViolations(results.violations)).toEqual([]);
}

async function openPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // A page whose data failed to load keeps its heading but shows an alert instead of its content.
  await expect(page.getByRole('alert')).toHaveCount(0);
}

for (const [widthName, device] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test.describe(`at a ${widthName} width`, () => {
    test.use(device);

    for (const { path, heading } of PAGES) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await openPage(page, path, heading);
        // The carousel's own controls come with its chunk: checked once they are drawn, not its placeholder.
        if (path === '/gallery') await expect(page.getByRole('button', { name: 'Show photo 1' })).toBeVisible();
        await expectNoViolations(page);
      });
    }

    test('the booking form has none with its messages showing, nor once sent', async ({ page }) => {
      await openPage(page, '/booking', 'Book a table');
      const submit = page.getByRole('button', { name: 'Send booking request' });
      await submit.click();
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page);

      await page.getByRole('textbox', { name: 'Date', exact: true }).fill(openDayAhead());
      const time = page.getByRole('combobox', { name: 'Time' });
      await expect(time).toBeEnabled();
      await time.selectOption({ index: 1 });
      await page.getByRole('textbox', { name: 'Name' }).fill('Mei Lin');
      await page.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
      await page.getByRole('textbox', { name: 'Email' }).fill('mei.lin@example.com');
      await submit.click();
      await expect(page.getByRole('status', { name: 'Your booking request has been sent' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('the account pages have none, signed in, with form messages and the deletion dialog showing', async ({ page }) => {
      // A customer registers first: several pages in one test.
      test.slow();
      await register(page, freshEmail(`axe-${widthName}`));
      await confirmCode(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your account details' })).toBeVisible();
      await expectNoViolations(page);

      await page.getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Keep my account' }).click();

      for (const form of [
        { link: 'Update profile', heading: 'Update your profile', submit: 'Save profile', invalid: 'Name' },
        { link: 'Add an address', heading: 'Add an address', submit: 'Add address', invalid: 'Address line 1' },
      ]) {
        await page.getByRole('link', { name: form.link }).click();
        await expect(page.getByRole('heading', { level: 1, name: form.heading })).toBeVisible();
        await page.getByRole('button', { name: form.submit }).click();
        await expect(page.getByRole('textbox', { name: form.invalid })).toHaveAttribute('aria-invalid', 'true');
        await expectNoViolations(page);
        await page.getByRole('link', { name: 'Back to your account' }).click();
      }

      for (const { path, heading } of [
        { path: '/accountQR', heading: 'Your loyalty QR code' },
        { path: '/vouchers', heading: 'Your vouchers' },
        { path: '/viewOrder', heading: 'Your previous orders' },
      ]) {
        await navigateInApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoViolations(page);
      }
    });

    test('the catering enquiry has none with its messages showing', async ({ page }) => {
      await openPage(page, '/dine-at-home', 'Dine at home');
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page);
    });
  });
}

test.describe('at a phone width with the menu open', () => {
  test.use(PHONE);

  test('the opened menu has no accessibility violations', async ({ page }) => {
    await openPage(page, '/', RESTAURANT_NAME);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await expectNoViolations(page);
  });
});
