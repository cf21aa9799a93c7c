import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import { Alert, Anchor, Button, Group, Text, TextInput, Title } from '@mantine/core';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { callApi, type ApiClient } from '../../api/client';
import type { ApiResult } from '../../domain/apiErrors';
import type { components } from '../../api/schema.gen';
import { useApiRequest } from '../../actors/useApiRequest';
import { telHref } from '../../components/order/RestaurantPhoneLink';
import { calendarDayLabel, londonWallClock } from '../../domain/londonClock';
import classes from './KitchenBookings.module.css';
import { bookingsRangeErrors, defaultBookingsRange, groupByDay, latestTo, type BookingsRange } from './kitchenBookingsRange';
import { mailtoHref } from '../../domain/mailtoHref';

type BookingRecord = components['schemas']['BookingRecord'];
type CateringEnquiryRecord = components['schemas']['CateringEnquiryRecord'];

/** Both staff lists for one range, kept with the range they answer so that an answer for other days is never shown. */
interface BookingLists {
  range: BookingsRange;
  bookings: BookingRecord[];
  enquiries: CateringEnquiryRecord[];
}

async function readBookingLists(api: ApiClient, range: BookingsRange, signal: AbortSignal): Promise<ApiResult<BookingLists>> {
  const query = { params: { query: range }, signal };
  const [bookings, enquiries] = await Promise.all([
    callApi(api.GET('/kitchen/bookings', query), signal),
    callApi(api.GET('/kitchen/cateringEnquiries', query), signal),
  ]);
  if (!bookings.ok) return bookings;
  if (!enquiries.ok) return enquiries;
  return { ok: true, data: { range, bookings: bookings.data.bookings, enquiries: enquiries.data.enquiries } };
}

/** How often the open page reads its lists again. */
export const BOOKINGS_REREAD_MS = 60_000;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** `/kitchen/bookings`: the table-booking requests and catering enquiries for the days chosen (docs/acceptance-and-kitchen.md). */
export function KitchenBookingsScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [range, setRange] = useState(() => defaultBookingsRange(londonWallClock(new Date()).date));
  const errors = bookingsRangeErrors(range);
  const rangeIsValid = errors.from === undefined && errors.to === undefined;

  const lists = useApiRequest<BookingsRange, BookingLists>((requested, signal) => readBookingLists(api, requested, signal));
  const { send: readLists, reset: forgetLists } = lists;
  // A call still out for the days before is dropped, so its late answer cannot fill the lists.
  useEffect(() => {
    forgetLists();
    if (rangeIsValid) readLists({ from: range.from, to: range.to });
  }, [range.from, range.to, rangeIsValid, readLists, forgetLists]);

  // A request made while the page is open (a table for tonight, booked an hour ahead) appears without a reload.
  useEffect(() => {
    if (!rangeIsValid) return undefined;
    const timer = window.setInterval(() => readLists({ from: range.from, to: range.to }), BOOKINGS_REREAD_MS);
    return () => window.clearInterval(timer);
  }, [range.from, range.to, rangeIsValid, readLists]);

  const shown = lists.data?.range.from === range.from && lists.data.range.to === range.to ? lists.data : null;
  const signInEnded = lists.error?.status === 401 || lists.error?.status === 403;

  return (
    <div className={classes.page}>
      <Group justify="space-between" align="center">
        <Title order={1}>Bookings</Title>
        <Anchor component={Link} to="/kitchen" size="xl" fw={700} c="dark" underline="always" display="inline-block" py="sm">
          Back to orders
        </Anchor>
      </Group>

      <form className={classes.range} aria-label="Dates to show" noValidate onSubmit={(event) => event.preventDefault()}>
        <TextInput
          type="date"
          label="From"
          size="lg"
          value={range.from}
          error={errors.from}
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          size="lg"
          min={errors.from === undefined ? range.from : undefined}
          max={errors.from === undefined ? latestTo(range.from) : undefined}
          value={range.to}
          error={errors.to}
          onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
        />
      </form>

      {lists.state === 'sending' && (
        <Text className={classes.hint} role="status">
          Loading bookings…
        </Text>
      )}
      {lists.state === 'error' && (
        <Alert color="red" variant="outline" title="The bookings could not be loaded" className={classes.failure}>
          <Text>{lists.error?.message ?? 'Please try again.'}</Text>
          <Group mt="sm">
            <Button size="lg" color="dark" onClick={() => readLists({ from: range.from, to: range.to })}>
              Try again
            </Button>
            {signInEnded && (
              <Link to="/login" search={{ redirect: '/kitchen/bookings' }} className={classes.signInLink}>
                Sign in again
              </Link>
            )}
          </Group>
        </Alert>
      )}

      {shown && (
        <>
          <ListSection heading="Table bookings" empty="No table bookings in these dates.">
            {groupByDay(shown.bookings, (booking) => booking.date).map(({ date, items }) => (
              <DaySection key={date} date={date} summary={`${plural(items.length, 'booking', 'bookings')}, ${plural(peopleIn(items), 'person', 'people')}${receivedForLater(date, shown.range)}`}>
                {items.map((booking) => (
                  <BookingCard key={booking.bookingRef} booking={booking} />
                ))}
              </DaySection>
            ))}
          </ListSection>
          <ListSection heading="Catering enquiries" empty="No catering enquiries in these dates.">
            {groupByDay(shown.enquiries, (enquiry) => enquiry.eventDate).map(({ date, items }) => (
              <DaySection key={date} date={date} summary={`${plural(items.length, 'enquiry', 'enquiries')}${receivedForLater(date, shown.range)}`}>
                {items.map((enquiry) => (
                  <EnquiryCard key={enquiry.enquiryRef} enquiry={enquiry} />
                ))}
              </DaySection>
            ))}
          </ListSection>
        </>
      )}
    </div>
  );
}

/** A day outside the dates shown is there for requests received in them (the lists hold both): the heading says so. */
const receivedForLater = (date: string, range: BookingsRange) => (date < range.from || date > range.to ? ', received in these dates' : '');

const peopleIn = (bookings: readonly BookingRecord[]) => bookings.reduce((people, booking) => people + booking.partySize, 0);

function ListSection({ heading, empty, children }: { heading: string; empty: string; children: ReactNode[] }) {
  const id = useId();
  return (
    <section className={classes.section} aria-labelledby={id}>
      <h2 id={id} className={classes.sectionHeading}>
        {heading}
      </h2>
      {children.length === 0 ? <Text className={classes.hint}>{empty}</Text> : children}
    </section>
  );
}

function DaySection({ date, summary, children }: { date: string; summary: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={classes.day} aria-labelledby={headingId}>
      <div className={classes.dayHeader}>
        <h3 id={headingId} className={classes.dayHeading}>
          {calendarDayLabel(date)}
        </h3>
        <Text className={classes.daySummary}>{summary}</Text>
      </div>
      <div className={classes.cards}>{children}</div>
    </section>
  );
}

function ContactFacts({ name, phone, email }: { name: string; phone: string; email: string }) {
  return (
    <>
      <Fact term="Name">{name}</Fact>
      <Fact term="Phone">
        <a href={telHref(phone)}>{phone}</a>
      </Fact>
      <Fact term="Email">
        <a href={mailtoHref(email)}>{email}</a>
      </Fact>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function BookingCard({ booking }: { booking: BookingRecord }) {
  return (
    <article className={classes.card} aria-label={`Booking ${booking.bookingRef}`}>
      <p className={classes.cardHeadline}>
        <span className={classes.time}>{booking.time}</span> {plural(booking.partySize, 'person', 'people')}
      </p>
      <dl className={classes.facts}>
        <ContactFacts name={booking.name} phone={booking.phone} email={booking.email} />
        {booking.notes !== '' && <Fact term="Notes">{booking.notes}</Fact>}
        <Fact term="Reference">
          <span className={classes.reference}>{booking.bookingRef}</span>
        </Fact>
      </dl>
    </article>
  );
}

function EnquiryCard({ enquiry }: { enquiry: CateringEnquiryRecord }) {
  return (
    <article className={classes.card} aria-label={`Enquiry ${enquiry.enquiryRef}`}>
      <p className={classes.cardHeadline}>{plural(enquiry.guests, 'guest', 'guests')}</p>
      <dl className={classes.facts}>
        <Fact term="Budget">{enquiry.budget === '' ? 'Not given' : enquiry.budget}</Fact>
        <ContactFacts name={enquiry.name} phone={enquiry.phone} email={enquiry.email} />
        <Fact term="Message">
          <span className={classes.message}>{enquiry.message}</span>
        </Fact>
        <Fact term="Reference">
          <span className={classes.reference}>{enquiry.enquiryRef}</span>
        </Fact>
      </dl>
    </article>
  );
}
