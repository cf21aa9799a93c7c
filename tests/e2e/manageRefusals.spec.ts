import { expect, test } from '@playwright/test';
import { openBackOffice } from './manageSupport';

// A save refused on a long back-office form brings the owner to the field that says why (useFocusFirstRefusal):
// the form's own check, and the server's, which alone knows the other screens' figures. Nothing is saved here.

test('a zone refused by the form: Save zones, at the foot of the list, takes the owner to the refused field', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openBackOffice(page, '/manage/zones');
  const firstMinimum = page.getByRole('textbox', { name: 'Minimum order (£)' }).first();
  await firstMinimum.fill('600');
  await page.getByRole('button', { name: 'Save zones' }).click();
  await expect(firstMinimum).toBeFocused();
  await expect(firstMinimum).toBeInViewport();
  await expect(firstMinimum).toHaveAccessibleDescription(/must be from £0\.00 to £500\.00/);
  await expect(firstMinimum).toHaveValue('600');
});

test("a largest order below a zone's minimum, refused by the server: the owner is taken to Largest order, which names the zone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openBackOffice(page, '/manage/settings');
  const largest = page.getByRole('textbox', { name: 'Largest order', exact: true });
  await page.getByRole('textbox', { name: 'Largest cash order', exact: true }).fill('20');
  await largest.fill('20');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(largest).toBeFocused();
  await expect(largest).toBeInViewport();
  await expect(largest).toHaveAccessibleDescription(/must not be less than the minimum order of zone LS17, £25\.00/);
});
