import { expect, test, type Page } from '@playwright/test';
import { londonDate, openDayAhead } from './londonCalendar';
import { holdTheAppBack, waitForHydration } from './shellSupport';

// A visitor on a slow phone fills a form of the server's page before the app has hydrated it. Hydration keeps the
// elements, but each field's state starts as the server drew it, so React would put the empty value back at its next
// render: what was typed must become the form's own (src/components/useTypedBeforeHydration.ts).

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('a booking typed before the app has run is kept once it has, and the times of the day typed are offered', async ({ page }) => {
  const letTheAppThrough = await holdTheAppBack(page);
  await page.goto('/booking', { waitUntil: 'commit' });
  const day = openDayAhead();
  await textbox(page, 'Date').fill(day);
  await page.getByRole('combobox', { name: 'Number of people' }).selectOption('4');
  await textbox(page, 'Name').fill('Mei Chen');
  await textbox(page, 'Phone number').fill('07700 900123');
  await textbox(page, 'Email').fill('mei@example.com');
  await textbox(page, 'Notes (optional)').fill('A high chair, please');
  letTheAppThrough();
  await waitForHydration(page);

  // The app knows the day: it asks for that day's times, and a time chosen re-renders the form with everything kept.
  const time = page.getByRole('combobox', { name: 'Time' });
  await expect(time).toBeEnabled();
  await time.selectOption({ index: 1 });
  await expect(textbox(page, 'Date')).toHaveValue(day);
  await expect(page.getByRole('combobox', { name: 'Number of people' })).toHaveValue('4');
  await expect(textbox(page, 'Name')).toHaveValue('Mei Chen');
  await expect(textbox(page, 'Phone number')).toHaveValue('07700 900123');
  await expect(textbox(page, 'Email')).toHaveValue('mei@example.com');
  await expect(textbox(page, 'Notes (optional)')).toHaveValue('A high chair, please');
});

test('a catering enquiry typed before the app has run is kept once it has', async ({ page }) => {
  const letTheAppThrough = await holdTheAppBack(page);
  await page.goto('/dine-at-home', { waitUntil: 'commit' });
  const eventDate = londonDate(10).iso;
  await textbox(page, 'Event date').fill(eventDate);
  await textbox(page, 'Number of guests').fill('40');
  await textbox(page, 'Name').fill('Mei Chen');
  await page.getByRole('textbox', { name: 'Message' }).fill('A birthday in the village hall');
  letTheAppThrough();
  await waitForHydration(page);

  // React owns the fields now: one more character typed is added to what was there.
  await textbox(page, 'Number of guests').press('End');
  await textbox(page, 'Number of guests').press('5');
  await expect(textbox(page, 'Number of guests')).toHaveValue('405');
  await expect(textbox(page, 'Event date')).toHaveValue(eventDate);
  await expect(textbox(page, 'Name')).toHaveValue('Mei Chen');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('A birthday in the village hall');
});
