import { expect, test } from '@playwright/test';
import { MANAGE_SECTIONS } from '../../src/screens/manage/manageSections';
import { placeGuestOrder } from './guestOrderApi';
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

test("in the takings' list of orders, words are read from the left and only the money from the right", async ({ page, baseURL }) => {
  await placeGuestOrder(baseURL!);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, '/manage/takings');
  await page.getByRole('button', { name: 'Show' }).click();
  const orders = page.getByRole('table', { name: 'Every order placed, oldest first' });
  const row = orders.getByRole('row').nth(1);
  const cells = row.getByRole('cell');
  // Placed, Name, Channel, Type, Payment, Total, Status (the order's number is the row's header).
  await expect(cells).toHaveCount(7);
  for (const [index, column] of ['Placed', 'Name', 'Channel', 'Type', 'Payment', 'Status'].entries()) {
    await expect(cells.nth(index < 5 ? index : 6), column).toHaveCSS('text-align', 'start');
    await expect(orders.getByRole('columnheader', { name: column })).toHaveCSS('text-align', 'start');
  }
  await expect(row.getByRole('rowheader')).toHaveCSS('text-align', 'start');
  await expect(cells.nth(5)).toHaveCSS('text-align', 'right');
  await expect(orders.getByRole('columnheader', { name: 'Total' })).toHaveCSS('text-align', 'right');
  // The busiest times are one summary table's width, not the page's.
  const busiest = await page.getByRole('table', { name: /Quarter-hours/ }).boundingBox();
  const totals = await page.getByRole('table', { name: 'Totals' }).boundingBox();
  expect(Math.abs(busiest!.width - totals!.width)).toBeLessThan(2);
});
