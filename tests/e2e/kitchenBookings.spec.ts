import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { calendarDayLabel } from '../../src/domain/londonClock';
import { STAFF_EMAIL, STAFF_PASSWORD } from './kitchenSupport';
import { RESTAURANT_NAME } from './shellSupport';
import { londonDate, openDayAhead } from './londonCalendar';

// The kitchen dashboard's Bookings view (docs/acceptance-and-kitchen.md): the staff lists of table-booking requests
// and catering enquiries, by day. The server's clock is real, so the days are worked out from today in London.

const identification = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };

/** Names no other test uses, so that a card is found by what this test sent even among other tests' requests. */
const uniqueName = (who: string) => `${who} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function postJson(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<Record<string, string>> {
  const response = await request.post(`/api${path}`, { headers: identification, data });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()).data;
}

/** A table booked through the public API, as /booking sends it, at the first time the day offers. */
async function requestBooking(request: APIRequestContext, date: string, name: string) {
  const times = await request.get(`/api/booking/times/${date}`, { headers: identification });
  expect(times.ok(), await times.text()).toBe(true);
  const [time] = (await times.json()).data.times as string[];
  const booking = { date, time, partySize: 4, name, phone: '0113 496 0999', email: 'table.e2e@example.com', notes: 'A high chair, please' };
  const { bookingRef } = await postJson(request, '/booking/request', booking);
  return { ...booking, bookingRef };
}

async function sendEnquiry(request: APIRequestContext, eventDate: string, name: string) {
  const enquiry = {
    eventDate,
    guests: 40,
    budget: 'about £15 a head',
    name,
    phone: '07700 900123',
    email: 'party.e2e@example.com',
    message: 'A fortieth birthday party in our garden.',
  };
  const { enquiryRef } = await postJson(request, '/catering/enquiry', enquiry);
  return { ...enquiry, enquiryRef };
}

/** From a guarded page's own redirect to sign-in, and back to it. */
async function signInFrom(page: Page, path: string, email: string, password: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** A customer's account in the local identity emulator (every emailed code is 123456 there), outside the kitchen group. */
async function registerCustomer(baseURL: string, email: string, password: string): Promise<void> {
  const config = (await (await fetch(new URL('/config.json', baseURL))).json()) as { identity: { userPoolClientId: string; endpoint?: string } };
  const endpoint = new URL(config.identity.endpoint ?? '/identity', baseURL);
  const call = async (action: string, body: Record<string, unknown>) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
      body: JSON.stringify({ ClientId: config.identity.userPoolClientId, ...body }),
    });
    expect(response.ok, `${action}: ${await response.text()}`).toBe(true);
  };
  await call('SignUp', { Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
  await call('ConfirmSignUp', { Username: email, ConfirmationCode: '123456' });
}

const dateField = (page: Page, name: 'From' | 'To') => page.getByRole('textbox', { name, exact: true });
const list = (page: Page, name: 'Table bookings' | 'Catering enquiries') => page.getByRole('region', { name, exact: true });

test('staff see a new booking and a new enquiry under their days, with the contact details to call or write', async ({ page, request }) => {
  const booking = await requestBooking(request, openDayAhead(), uniqueName('Ada Booker'));
  const enquiry = await sendEnquiry(request, londonDate(5).iso, uniqueName('Grace Party'));

  await signInFrom(page, '/kitchen/bookings', STAFF_EMAIL, STAFF_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Bookings`);
  await expect(dateField(page, 'From')).toHaveValue(londonDate(0).iso);
  await expect(dateField(page, 'To')).toHaveValue(londonDate(13).iso);

  const bookingCard = list(page, 'Table bookings')
    .getByRole('region', { name: calendarDayLabel(booking.date) })
    .getByRole('article', { name: `Booking ${booking.bookingRef}` });
  await expect(bookingCard).toContainText(booking.time);
  await expect(bookingCard).toContainText('4 people');
  await expect(bookingCard).toContainText(booking.name);
  await expect(bookingCard).toContainText(booking.notes);
  await expect(bookingCard).toContainText(booking.bookingRef);
  await expect(bookingCard.getByRole('link', { name: booking.phone })).toHaveAttribute('href', 'tel:01134960999');
  await expect(bookingCard.getByRole('link', { name: booking.email })).toHaveAttribute('href', `mailto:${booking.email}`);

  const enquiryCard = list(page, 'Catering enquiries')
    .getByRole('region', { name: calendarDayLabel(enquiry.eventDate) })
    .getByRole('article', { name: `Enquiry ${enquiry.enquiryRef}` });
  await expect(enquiryCard).toContainText('40 guests');
  await expect(enquiryCard).toContainText(enquiry.budget);
  await expect(enquiryCard).toContainText(enquiry.name);
  await expect(enquiryCard).toContainText(enquiry.message);
  await expect(enquiryCard).toContainText(enquiry.enquiryRef);
  await expect(enquiryCard.getByRole('link', { name: enquiry.phone })).toHaveAttribute('href', 'tel:07700900123');
  await expect(enquiryCard.getByRole('link', { name: enquiry.email })).toHaveAttribute('href', `mailto:${enquiry.email}`);
  // As accessibility.spec.ts checks the public pages: WCAG 2.1 A and AA, and axe's best practices.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // The booking's day alone: the enquiry's day is outside it.
  await dateField(page, 'From').fill(booking.date);
  await dateField(page, 'To').fill(booking.date);
  await expect(list(page, 'Table bookings').getByRole('article', { name: `Booking ${booking.bookingRef}` })).toBeVisible();
  await expect(list(page, 'Catering enquiries')).toContainText('No catering enquiries in these dates.');
});

test('a booking made while the page is open appears within a minute, listed with today though it is for a day weeks ahead', async ({ page, request }) => {
  await page.clock.install();
  await signInFrom(page, '/kitchen/bookings', STAFF_EMAIL, STAFF_PASSWORD);
  await expect(list(page, 'Table bookings')).toBeVisible();
  const later = londonDate(20).weekday === 'Monday' ? londonDate(21).iso : londonDate(20).iso;
  const booking = await requestBooking(request, later, uniqueName('Later Booker'));
  const enquiry = await sendEnquiry(request, londonDate(120).iso, uniqueName('Summer Party'));
  const bookingCard = list(page, 'Table bookings').getByRole('article', { name: `Booking ${booking.bookingRef}` });
  const enquiryCard = list(page, 'Catering enquiries').getByRole('article', { name: `Enquiry ${enquiry.enquiryRef}` });
  await expect(bookingCard).toHaveCount(0);

  await page.clock.runFor(60_000);
  // Under its own day, past the fortnight in view: staff see it the day it arrives.
  const laterDay = list(page, 'Table bookings').getByRole('region', { name: calendarDayLabel(later) });
  await expect(laterDay).toContainText(booking.name);
  await expect(laterDay).toContainText('1 booking, 4 people, received in these dates');
  await expect(enquiryCard).toContainText(enquiry.name);
  await expect(list(page, 'Catering enquiries').getByRole('region', { name: calendarDayLabel(enquiry.eventDate) })).toContainText('1 enquiry, received in these dates');
});

test('a range the server would refuse is explained beside To, keeps both dates and shows no lists until put right', async ({ page }) => {
  await signInFrom(page, '/kitchen/bookings', STAFF_EMAIL, STAFF_PASSWORD);
  const from = londonDate(0).iso;
  await expect(list(page, 'Table bookings')).toBeVisible();

  await dateField(page, 'To').fill(londonDate(-1).iso);
  await expect(dateField(page, 'To')).toHaveAttribute('aria-invalid', 'true');
  await expect(dateField(page, 'To')).toHaveAccessibleDescription('To must not be before From');
  await expect(dateField(page, 'To')).toHaveValue(londonDate(-1).iso);
  await expect(dateField(page, 'From')).toHaveValue(from);
  await expect(list(page, 'Table bookings')).toHaveCount(0);

  await dateField(page, 'To').fill(londonDate(63).iso);
  await expect(dateField(page, 'To')).toHaveAccessibleDescription('To must be at most 62 days after From: choose fewer days');
  await expect(dateField(page, 'To')).toHaveValue(londonDate(63).iso);
  await expect(dateField(page, 'From')).toHaveValue(from);
  await expect(list(page, 'Catering enquiries')).toHaveCount(0);

  await dateField(page, 'To').fill(londonDate(62).iso);
  await expect(dateField(page, 'To')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(list(page, 'Table bookings')).toBeVisible();
  await expect(list(page, 'Catering enquiries')).toBeVisible();
});

test('lists that could not be loaded say so, and Try again loads them', async ({ page }) => {
  let failuresLeft = 1;
  await page.route('**/api/kitchen/cateringEnquiries?*', async (route) => {
    if (failuresLeft-- > 0) await route.fulfill({ status: 500, contentType: 'text/plain', body: 'The database is busy' });
    else await route.continue();
  });
  await signInFrom(page, '/kitchen/bookings', STAFF_EMAIL, STAFF_PASSWORD);

  const failure = page.getByRole('alert').filter({ hasText: 'The bookings could not be loaded' });
  await expect(failure).toContainText('The database is busy');
  await expect(list(page, 'Table bookings')).toHaveCount(0);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(list(page, 'Catering enquiries')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('the dashboard opens the Bookings view in a tab of its own, and the view leads back to the orders', async ({ page, context }) => {
  await signInFrom(page, '/kitchen', STAFF_EMAIL, STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Tap to turn on sound' }).click();
  const bookingsTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Bookings (opens in a new tab)' }).click();
  const bookings = await bookingsTab;
  await expect(bookings).toHaveURL((url) => url.pathname === '/kitchen/bookings');
  await expect(bookings.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  // The dashboard stays where it was, its sound still on.
  await expect(page).toHaveURL((url) => url.pathname === '/kitchen');
  await expect(page.getByRole('banner').getByText('Sound on', { exact: true })).toBeVisible();

  await bookings.getByRole('link', { name: 'Back to orders' }).click();
  await expect(bookings).toHaveURL((url) => url.pathname === '/kitchen');
  // A dashboard opened afresh asks for its own tap before it can chime.
  await expect(bookings.getByRole('button', { name: 'Tap to turn on sound' })).toBeVisible();
});

test('a signed-in customer outside the kitchen group is told the page is for staff, and sees no bookings', async ({ page, baseURL }) => {
  const email = `${uniqueName('diner').replace(' ', '-')}@example.com`;
  const password = 'long enough';
  await registerCustomer(baseURL!, email, password);

  await signInFrom(page, '/kitchen/bookings', email, password);
  await expect(page.getByText("This page is for the restaurant's staff only.")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toHaveCount(0);
  await expect(list(page, 'Table bookings')).toHaveCount(0);
});
