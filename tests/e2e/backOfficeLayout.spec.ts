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
  await expect(page.getByRole('heading', { level: 2, name: /^Takings for [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/ })).toBeVisible();
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
  // Placed, Name, Channel, Type, Payment, Total, Not taken, Status (the order's number is the row's header).
  await expect(cells).toHaveCount(8);
  for (const [index, column] of [
    [0, 'Placed'],
    [1, 'Name'],
    [2, 'Channel'],
    [3, 'Type'],
    [4, 'Payment'],
    [7, 'Status'],
  ] as const) {
    await expect(cells.nth(index), column).toHaveCSS('text-align', 'start');
    await expect(orders.getByRole('columnheader', { name: column })).toHaveCSS('text-align', 'start');
  }
  await expect(row.getByRole('rowheader')).toHaveCSS('text-align', 'start');
  for (const [index, column] of [
    [5, 'Total'],
    [6, 'Not taken'],
  ] as const) {
    await expect(cells.nth(index), column).toHaveCSS('text-align', 'right');
    await expect(orders.getByRole('columnheader', { name: column })).toHaveCSS('text-align', 'right');
  }
  // The busiest times are one summary table's width, not the page's.
  const busiest = await page.getByRole('table', { name: /Quarter-hours/ }).boundingBox();
  const totals = await page.getByRole('table', { name: 'Totals' }).boundingBox();
  expect(Math.abs(busiest!.width - totals!.width)).toBeLessThan(2);
});

test("the takings' list of orders adds up: its Total column is the takings, a cancelled order's value is under Not taken", async ({ page, baseURL }) => {
  await placeGuestOrder(baseURL!);
  await (await placeGuestOrder(baseURL!)).cancel();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, '/manage/takings');
  await page.getByRole('button', { name: 'Show' }).click();
  const orders = page.getByRole('table', { name: 'Every order placed, oldest first' });
  await expect(orders.getByRole('row').filter({ hasText: 'Cancelled' }).first()).toBeVisible();
  const rows = await orders.getByRole('row').evaluateAll((trs) =>
    trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
  );
  const pence = (text: string) => (text === '' ? 0 : Math.round(Number(text.replace(/[£,]/g, '')) * 100));
  for (const cells of rows) {
    const counted = !['Refused', 'Cancelled', 'Refunded'].includes(cells[7]);
    // One of Total and Not taken holds the order's value, never both.
    expect(cells[5] === '', cells.join(' | ')).toBe(!counted);
    expect(cells[6] === '', cells.join(' | ')).toBe(counted);
  }
  const takings = await page.getByRole('table', { name: 'Totals' }).getByRole('row', { name: /^Takings/ }).getByRole('cell').textContent();
  expect(rows.reduce((sum, cells) => sum + pence(cells[5]), 0)).toBe(pence(takings ?? ''));
});

test('Download CSV shows on the page the days it saves', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, '/manage/takings');
  await expect(page.getByRole('table', { name: 'Totals' })).toBeVisible();
  await page.getByRole('textbox', { name: 'From' }).fill('2026-01-01');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^takings-2026-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  // The figures say which days they are for.
  await expect(page.getByRole('heading', { level: 2, name: /^Takings from 1 January to \d{1,2} [A-Z][a-z]+ 2026$/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/manage/takings?from=2026-01-01')))).toBe(true);
});
