import { expect, test, type Page } from '@playwright/test';
import { openBackOffice } from './manageSupport';

// The back office asks before changes not saved are lost (docs/back-office.md, "Changes not saved"): a section's
// link, the pages editor's choice of page, and a reload or a closed tab. Nothing here is saved, so the shared server's
// data is untouched.

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true });

test('the owner who typed a setting is asked before another section replaces it; staying keeps the typing, leaving drops it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, '/manage/settings');
  const ahead = page.getByRole('textbox', { name: 'Customers may order ahead (days)' });
  const before = await ahead.inputValue();
  const typed = before === '5' ? '6' : '5';
  await ahead.fill(typed);

  await section(page, 'Menu').click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page)).toContainText('Your changes here are not saved yet. If you leave now, they are lost.');
  await expect(leaveDialog(page).getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.screenshot({ path: '/tmp/unsaved-settings-dialog.png' });
  await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/manage\/settings$/);
  await expect(ahead).toHaveValue(typed);

  // Typing the value back is no change left to lose.
  await ahead.fill(before);
  await section(page, 'Audit').click();
  await expect(page).toHaveURL(/\/manage\/audit$/);
  await expect(leaveDialog(page)).toBeHidden();

  await section(page, 'Settings').click();
  await ahead.fill(typed);
  await page.goBack();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/manage\/audit$/);
  await section(page, 'Settings').click();
  await expect(ahead).toHaveValue(before);
});

test('a reload with a zone typed but not saved is asked about by the browser; with the zone typed back, nothing is asked', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, '/manage/zones');
  const firstName = page.getByRole('textbox', { name: 'Name' }).first();
  const before = await firstName.inputValue();
  await firstName.fill(`${before} and around`);
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
    resolve(dialog.type());
    void dialog.dismiss();
  }));
  // Dismissed, the browser's question keeps the page: the reload never comes.
  await page.reload({ timeout: 3_000 }).catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(firstName).toHaveValue(`${before} and around`);
  await firstName.fill(before);
  await section(page, 'Opening hours').click();
  await expect(page).toHaveURL(/\/manage\/hours$/);
});

test('the pages editor asks before another page takes the place of changes not saved, and a page left is as it was', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, '/manage/pages');
  const chooser = page.getByRole('combobox', { name: 'Page to edit' });
  const title = page.getByRole('textbox', { name: 'Page title' });
  await chooser.selectOption({ label: 'About Us (/about-us)' });
  await expect(title).toBeVisible();
  const before = await title.inputValue();
  await title.fill('About the Wong family');

  await chooser.selectOption({ label: 'Gallery (/gallery)' });
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(chooser).toHaveValue('about-us');
  await expect(title).toHaveValue('About the Wong family');

  await page.getByRole('textbox', { name: 'Or add a page at' }).fill('christmas-menu');
  await page.getByRole('button', { name: 'Add the page' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(title).toHaveValue('About the Wong family');

  await chooser.selectOption({ label: 'Gallery (/gallery)' });
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(title).toHaveValue('Gallery');
  await chooser.selectOption({ label: 'About Us (/about-us)' });
  await expect(title).toHaveValue(before);
  // Nothing typed since: another section opens at once.
  await section(page, 'Menu').click();
  await expect(page).toHaveURL(/\/manage\/menu$/);
});
