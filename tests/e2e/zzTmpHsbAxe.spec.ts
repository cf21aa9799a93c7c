import { expect, test, type Page } from '@playwright/test';
import axeCore, { type Result, type RunOptions } from 'axe-core';
import { openBackOffice } from './manageSupport';

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


for (const width of [375, 1280]) {
  test(`tmp hours and settings axe at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openBackOffice(page, '/manage/hours');
    await expect(page.getByRole('textbox', { name: 'Tuesday session 1 opens' })).toBeVisible();
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('checkbox', { name: 'Take orders online' })).toBeVisible();
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.getByRole('textbox', { name: 'Bag charge' }).fill('£5.00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The bag charge must be from £0.00 to £1.00')).toBeVisible();
    expect(describeViolations(await axeViolations(page))).toEqual([]);
  });
}
