import { expect, test } from '@playwright/test';
import { MANAGE_SECTIONS } from '../../src/screens/manage/manageSections';
import { openBackOffice } from './manageSupport';

for (const width of [1280, 1440]) {
  test(`at ${width} px the back office's sections are one row, with the open one marked`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openBackOffice(page, '/manage/takings');
    const links = page.getByRole('navigation', { name: 'Back office' }).getByRole('link');
    // Overview, each section, and the kitchen.
    await expect(links).toHaveCount(MANAGE_SECTIONS.length + 2);
    const tops = await links.evaluateAll((anchors) => anchors.map((anchor) => Math.round(anchor.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const open = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Takings' });
    await expect(open).toHaveAttribute('aria-current', 'page');
    await expect(open).toHaveCSS('text-decoration-line', 'underline');
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' })).not.toHaveAttribute('aria-current', 'page');
  });
}

test("the takings' figures line up on the right, and a short table keeps its rows together", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, '/manage/takings');
  await page.getByRole('button', { name: 'Show' }).click();
  const totals = page.getByRole('table', { name: 'Totals' });
  const channels = page.getByRole('table', { name: 'Online and phone' });
  await expect(channels.getByRole('row', { name: /Phone/ })).toBeVisible();
  await expect(totals.getByRole('row', { name: /Takings/ }).getByRole('cell')).toHaveCSS('text-align', 'right');
  await expect(channels.getByRole('columnheader', { name: 'Takings' })).toHaveCSS('text-align', 'right');
  await expect(channels.getByRole('rowheader', { name: 'Phone' })).not.toHaveCSS('text-align', 'right');
  const rowHeights = await Promise.all(['Online', 'Phone'].map(async (name) => (await channels.getByRole('row', { name: new RegExp(name) }).boundingBox())!.height));
  const totalsRowHeight = (await totals.getByRole('row', { name: /Items/ }).boundingBox())!.height;
  for (const height of rowHeights) expect(Math.abs(height - totalsRowHeight)).toBeLessThan(2);
});
