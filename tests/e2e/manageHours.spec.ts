import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openBackOffice } from './manageSupport';

// /manage/hours (docs/back-office.md, "Opening hours"): a week with no session at all is a mistake an owner can make
// while tidying the sessions, so the screen says what it would mean before anything is saved. Nothing is saved here.

test('removing every weekly session shows that the site would be closed every day, before anything is saved', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBackOffice(page, '/manage/hours');
  const week = page.getByRole('group', { name: 'Every week' });
  await expect(week.getByRole('button', { name: /^Remove .* session \d$/ }).first()).toBeVisible();
  const warning = page.getByRole('alert').filter({ hasText: 'Closed every day' });
  await expect(warning).toHaveCount(0);

  const removals = week.getByRole('button', { name: /^Remove .* session \d$/ });
  while ((await removals.count()) > 0) await removals.first().click();
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('takes no orders online, except on special days with sessions');
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

  await week.getByRole('button', { name: 'Add a session on Friday' }).click();
  await expect(warning).toHaveCount(0);
});
