import { expect, test, type Locator, type Page } from '@playwright/test';
import { kitchenApi } from './kitchenApi';
import { londonDate, openDayAhead } from './londonCalendar';
import { changeCoreData, RESTAURANT_NAME, waitForShell } from './shellSupport';

// The demo restaurant (src/server/db/seed/goldenDragonRestaurant.ts): closed on Mondays, open every other day.
const ADDRESS_LINES = ['12 Market Street', 'Headingley', 'Leeds', 'West Yorkshire', 'LS6 2AB'];
const APP_STORE_URL = 'https://apps.apple.com/gb/app/golden-dragon-headingley/id0000000000';
const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=uk.example.goldendragon';
// "B-" or "C-" and six characters without 0, O, 1, I or L (docs/restaurant-pages.md).
const REFERENCE_CHARACTERS = '[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}';
const SERVER_MAX_PHONE_LENGTH = 30;

/** One field of a form: how to reach it, a value it accepts, one it refuses and the message it refuses it with. */
interface FieldCase {
  name: string;
  field: (page: Page) => Locator;
  valid: string;
  invalid: string;
  message: string;
}

async function fillField(page: Page, fieldCase: FieldCase, value: string): Promise<void> {
  const field = fieldCase.field(page);
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
  else await field.fill(value);
}

/**
 * Each field in turn is given its refused value and the form submitted: the field shows its message and every
 * other field still holds what was typed. The field is then put right before the next one is tried.
 */
async function expectEachFieldRefused(page: Page, cases: readonly FieldCase[], submit: Locator, dependsOn: Record<string, string> = {}): Promise<void> {
  for (const refusedCase of cases) {
    await fillField(page, refusedCase, refusedCase.invalid);
    await submit.click();
    const refused = refusedCase.field(page);
    await expect(refused, refusedCase.name).toHaveAttribute('aria-invalid', 'true');
    await expect(refused, refusedCase.name).toHaveAccessibleDescription(new RegExp(escapeRegExp(refusedCase.message)));
    for (const other of cases) {
      // A field that depends on the refused one (the time on the date) cannot show a value until it is put right.
      if (other === refusedCase || dependsOn[other.name] === refusedCase.name) continue;
      await expect(other.field(page), `${other.name} after ${refusedCase.name} was refused`).toHaveValue(other.valid);
    }
    await fillField(page, refusedCase, refusedCase.valid);
  }
}

/** The reference a sent request shows, "B-" or "C-" and six characters. */
async function referenceShownIn(sent: Locator, prefix: 'B' | 'C'): Promise<string> {
  const reference = new RegExp(`${prefix}-${REFERENCE_CHARACTERS}`).exec((await sent.textContent()) ?? '')?.[0];
  expect(reference, 'the reference shown').toBeDefined();
  return reference!;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A UK number the browser's check accepts, spaced out past the contract's 30 characters, which only the server refuses. */
const OVERLONG_PHONE = '0  1  1  3    4  9  6    0  1  2  3';

test.describe('/restaurant', () => {
  test('shows the address line by line, the phone to dial, directions and the week’s hours with today marked', async ({ page }) => {
    await page.goto('/restaurant');
    await waitForShell(page);
    await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Visit the restaurant`);
    await expect(page.getByRole('heading', { level: 1, name: 'Visit the restaurant' })).toBeVisible();

    expect(await page.locator('address').innerText()).toBe(ADDRESS_LINES.join('\n'));
    await expect(page.getByRole('link', { name: '0113 496 0123' }).first()).toHaveAttribute('href', 'tel:01134960123');
    const directions = page.getByRole('link', { name: 'Get directions (opens in a new tab)' });
    await expect(directions).toHaveAttribute('href', `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS_LINES.join(', '))}`);
    await expect(directions).toHaveAttribute('target', '_blank');
    await expect(directions).toHaveAttribute('rel', 'noopener noreferrer');

    const week = page.getByRole('table', { name: 'Opening hours' });
    await expect(week.getByRole('row')).toHaveCount(7);
    await expect(week.getByRole('row', { name: /^Monday/ })).toContainText('Closed');
    await expect(week.getByRole('row', { name: /^Tuesday/ })).toContainText('17:00–22:30');
    const today = week.getByRole('row', { name: new RegExp(`^${londonDate(0).weekday}`) });
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expect(today).toContainText('Today');
    await expect(week.locator('[aria-current]')).toHaveCount(1);
    // The home page's line, from the same rule: open now, or the next opening within the week.
    await expect(
      page.getByRole('region', { name: 'Opening hours' }).getByText(/^(Open now · until \d\d:\d\d|Closed · opens (today|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) at \d\d:\d\d)$/),
    ).toBeVisible();

    const takeaway = page.getByRole('region', { name: 'Takeaway today' });
    await expect(takeaway).toContainText(/Collection is available today\.\s*Delivery is available today\.|We are closed for the rest of today/);
    await expect(takeaway.getByRole('link', { name: 'Order a takeaway' })).toHaveAttribute('href', '/order');
  });

  test('says plainly when online ordering is switched off, and gives the phone instead', async ({ page }) => {
    await changeCoreData(page, (restaurantData) => {
      restaurantData.onlineOrderingAllowed = false;
    });
    await page.goto('/restaurant');
    await waitForShell(page);
    const takeaway = page.getByRole('region', { name: 'Takeaway today' });
    await expect(takeaway).toContainText('Online ordering is unavailable at the moment, so collection and delivery cannot be ordered here today.');
    await expect(takeaway.getByRole('link', { name: '0113 496 0123' })).toHaveAttribute('href', 'tel:01134960123');
    await expect(takeaway.getByRole('link', { name: 'Order a takeaway' })).toHaveCount(0);
  });
});

test.describe('/apps', () => {
  test('links to both stores by name', async ({ page }) => {
    await page.goto('/apps');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Apps' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Download the ${RESTAURANT_NAME} app on the App Store` })).toHaveAttribute('href', APP_STORE_URL);
    await expect(page.getByRole('link', { name: `Get the ${RESTAURANT_NAME} app on Google Play` })).toHaveAttribute('href', GOOGLE_PLAY_URL);
  });

  test('says an app is not out yet instead of linking nowhere', async ({ page }) => {
    await changeCoreData(page, (restaurantData) => {
      restaurantData.apps.googlePlayUrl = '';
    });
    await page.goto('/apps');
    await waitForShell(page);
    await expect(page.getByText('Our app is not on Google Play yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Google Play/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Download the ${RESTAURANT_NAME} app on the App Store` })).toHaveAttribute('href', APP_STORE_URL);
  });
});

test.describe('/booking', () => {
  const bookingDate = openDayAhead();
  const date = (page: Page) => page.getByRole('textbox', { name: 'Date', exact: true });
  const time = (page: Page) => page.getByRole('combobox', { name: 'Time' });
  /** The time depends on the day and on the hour the tests run, so it is the first the server offers. */
  const bookingFields = (offeredTime: string): FieldCase[] => [
    { name: 'date', field: date, valid: bookingDate, invalid: londonDate(-1).iso, message: 'Date must be today or a later day' },
    { name: 'time', field: time, valid: offeredTime, invalid: '', message: 'Choose a time from the list' },
    { name: 'name', field: (page) => page.getByRole('textbox', { name: 'Name' }), valid: 'Mei Lin', invalid: '   ', message: 'Name must not be empty' },
    {
      name: 'phone',
      field: (page) => page.getByRole('textbox', { name: 'Phone number' }),
      valid: '07700 900123',
      invalid: '12345',
      message: 'Phone number must be a UK phone number, for example 0113 496 0123',
    },
    {
      name: 'email',
      field: (page) => page.getByRole('textbox', { name: 'Email' }),
      valid: 'mei.lin@example.com',
      invalid: 'mei.lin@',
      message: 'Email must be an email address, for example name@example.com',
    },
    {
      name: 'notes',
      field: (page) => page.getByRole('textbox', { name: 'Notes (optional)' }),
      valid: 'A high chair, please',
      invalid: 'x'.repeat(1001),
      message: 'Notes must be at most 1000 characters',
    },
  ];

  test('refuses each invalid field with its message, keeps everything typed, and sends a valid request for its reference', async ({ page, baseURL }) => {
    await page.goto('/booking');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a table' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Number of people' })).toHaveAccessibleDescription(/For more than 20 people, please phone us on 0113 496 0123/);

    await date(page).fill(bookingDate);
    await expect(time(page)).toBeEnabled();
    const firstTime = (await time(page).locator('option').nth(1).getAttribute('value')) ?? '';
    expect(firstTime).toMatch(/^\d\d:\d\d$/);
    const fields = bookingFields(firstTime);
    await time(page).selectOption(firstTime);
    for (const field of fields.slice(2)) await fillField(page, field, field.valid);
    await page.getByRole('combobox', { name: 'Number of people' }).selectOption('4');

    const submit = page.getByRole('button', { name: 'Send booking request' });
    await expectEachFieldRefused(page, fields, submit, { time: 'date' });
    await expect(time(page)).toHaveValue(firstTime);
    await expect(page.getByRole('combobox', { name: 'Number of people' })).toHaveValue('4');

    // The browser accepts this number; the contract's length limit refuses it on the server, shown by its field.
    await page.getByRole('textbox', { name: 'Phone number' }).fill(OVERLONG_PHONE);
    expect(OVERLONG_PHONE.trim().length).toBeGreaterThan(SERVER_MAX_PHONE_LENGTH);
    await submit.click();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(/^Phone number must be at most 30 characters$/);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Mei Lin');
    await expect(time(page)).toHaveValue(firstTime);
    await expect(page.getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('A high chair, please');

    await page.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
    await submit.click();
    const sent = page.getByRole('status', { name: 'Your booking request has been sent' });
    await expect(sent).toContainText(new RegExp(`Your reference is B-${REFERENCE_CHARACTERS}\\.`));
    await expect(sent).toContainText(`A table for 4 on`);
    await expect(sent).toContainText(`at ${firstTime}.`);
    await expect(sent).toContainText('This is not confirmed yet: the restaurant will confirm your booking by phone or email.');

    // The staff read back what the customer typed, under the reference the customer was given.
    const bookingRef = await referenceShownIn(sent, 'B');
    const stored = (await (await kitchenApi(baseURL!)).bookings(bookingDate, bookingDate)).find((booking) => booking.bookingRef === bookingRef);
    expect(stored).toEqual({
      bookingRef,
      date: bookingDate,
      time: firstTime,
      partySize: 4,
      name: 'Mei Lin',
      phone: '07700 900123',
      email: 'mei.lin@example.com',
      notes: 'A high chair, please',
      receivedAt: expect.any(String),
    });
  });

  /** /booking filled in with valid fields at the day's first time, which it answers. */
  async function fillBookingAtFirstTime(page: Page): Promise<string> {
    await page.goto('/booking');
    await waitForShell(page);
    await date(page).fill(bookingDate);
    await expect(time(page)).toBeEnabled();
    const firstTime = (await time(page).locator('option').nth(1).getAttribute('value')) ?? '';
    await time(page).selectOption(firstTime);
    for (const field of bookingFields(firstTime).slice(2)) await fillField(page, field, field.valid);
    return firstTime;
  }

  test('a request the server refuses as a whole keeps everything typed and says how to go on, without promising that waiting helps', async ({ page }) => {
    await page.route('**/api/booking/request', (route) => route.fulfill({ status: 400, json: { errorMessage: 'We are fully booked that evening', validationErrors: [] } }));
    const firstTime = await fillBookingAtFirstTime(page);
    await page.getByRole('button', { name: 'Send booking request' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Your booking request could not be sent' });
    await expect(refusal).toContainText('We are fully booked that evening');
    await expect(refusal).toContainText('Everything you entered is still here, to change or to send again; or phone us on 0113 496 0123.');
    await expect(refusal).not.toContainText('in a moment');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Mei Lin');
    await expect(time(page)).toHaveValue(firstTime);
  });

  test('a time the server refuses, passed while the form was filled in, asks for the day\'s times again', async ({ page }) => {
    await page.route('**/api/booking/request', (route) =>
      route.fulfill({ status: 400, json: { errorMessage: null, validationErrors: [{ field: 'time', message: 'must be at least 60 minutes from now' }] } }),
    );
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/booking/times/')) asked.push(request.url());
    });
    await fillBookingAtFirstTime(page);
    const before = asked.length;
    await page.getByRole('button', { name: 'Send booking request' }).click();
    await expect(time(page)).toHaveAccessibleDescription(/must be at least 60 minutes from now/);
    await expect.poll(() => asked.length).toBe(before + 1);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Mei Lin');
  });

  test('says so when a day has no tables to book, and refuses it as a closed day', async ({ page }) => {
    const monday = [1, 2, 3, 4, 5, 6, 7].map(londonDate).find((day) => day.weekday === 'Monday')!;
    await page.goto('/booking');
    await waitForShell(page);
    await date(page).fill(monday.iso);
    await expect(time(page)).toBeDisabled();
    await expect(time(page)).toHaveAccessibleDescription('There are no tables to book on this day. Please choose another day.');
    await page.getByRole('button', { name: 'Send booking request' }).click();
    await expect(date(page)).toHaveAccessibleDescription(/Date must be a day the restaurant is open/);
    await expect(date(page)).toHaveValue(monday.iso);
  });
});

test.describe('/dine-at-home', () => {
  const eventDate = londonDate(30).iso;
  const fields: FieldCase[] = [
    {
      name: 'event date',
      field: (page) => page.getByRole('textbox', { name: 'Event date' }),
      valid: eventDate,
      invalid: londonDate(1).iso,
      message: 'Event date must be at least 2 days from today',
    },
    {
      name: 'guests',
      field: (page) => page.getByRole('textbox', { name: 'Number of guests' }),
      valid: '40',
      invalid: '9',
      message: 'Number of guests must be at least 10; for a smaller party please book a table',
    },
    { name: 'budget', field: (page) => page.getByRole('textbox', { name: 'Budget (optional)' }), valid: 'About £15 a head', invalid: 'x'.repeat(101), message: 'Budget must be at most 100 characters' },
    { name: 'name', field: (page) => page.getByRole('textbox', { name: 'Name' }), valid: 'Sam Carter', invalid: '', message: 'Name must not be empty' },
    {
      name: 'phone',
      field: (page) => page.getByRole('textbox', { name: 'Phone number' }),
      valid: '0113 496 0000',
      invalid: '+1 212 555 0100',
      message: 'Phone number must be a UK phone number, for example 0113 496 0123',
    },
    {
      name: 'email',
      field: (page) => page.getByRole('textbox', { name: 'Email' }),
      valid: 'sam.carter@example.com',
      invalid: 'sam carter@example.com',
      message: 'Email must be an email address, for example name@example.com',
    },
    {
      name: 'message',
      field: (page) => page.getByRole('textbox', { name: 'Message' }),
      valid: 'A fortieth birthday party in our garden.',
      invalid: 'Party!',
      message: 'Message must be at least 10 characters: tell us about your event',
    },
  ];

  test('tells what the restaurant offers for events, without prices', async ({ page }) => {
    await page.goto('/dine-at-home');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dine at home' })).toBeVisible();
    const offer = page.getByRole('region', { name: `${RESTAURANT_NAME} at your party` });
    for (const offered of ['Party platters', 'Banquet menus for groups', 'Delivery and set-up']) await expect(offer).toContainText(offered);
    await expect(offer).not.toContainText('£');
  });

  test('refuses each invalid field with its message, keeps everything typed, and sends a valid enquiry for its reference', async ({ page, baseURL }) => {
    await page.goto('/dine-at-home');
    await waitForShell(page);
    for (const field of fields) await fillField(page, field, field.valid);

    const submit = page.getByRole('button', { name: 'Send enquiry' });
    await expectEachFieldRefused(page, fields, submit);

    await page.getByRole('textbox', { name: 'Phone number' }).fill(OVERLONG_PHONE);
    await submit.click();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(/^Phone number must be at most 30 characters$/);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('A fortieth birthday party in our garden.');
    await expect(page.getByRole('textbox', { name: 'Event date' })).toHaveValue(eventDate);

    await page.getByRole('textbox', { name: 'Phone number' }).fill('0113 496 0000');
    await submit.click();
    const sent = page.getByRole('status', { name: 'Your enquiry has been sent' });
    await expect(sent).toContainText(new RegExp(`Your reference is C-${REFERENCE_CHARACTERS}\\.`));
    await expect(sent).toContainText('We will reply by phone or email to talk through your event.');

    const enquiryRef = await referenceShownIn(sent, 'C');
    const stored = (await (await kitchenApi(baseURL!)).cateringEnquiries(eventDate, eventDate)).find((enquiry) => enquiry.enquiryRef === enquiryRef);
    expect(stored).toEqual({
      enquiryRef,
      eventDate,
      guests: 40,
      budget: 'About £15 a head',
      name: 'Sam Carter',
      phone: '0113 496 0000',
      email: 'sam.carter@example.com',
      message: 'A fortieth birthday party in our garden.',
      receivedAt: expect.any(String),
    });
  });
});
