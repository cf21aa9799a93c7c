import { usePageNow } from '../../components/useNow';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import { Alert, Button, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { useApiRequest } from '../../actors/useApiRequest';
import { ContactInputs } from '../../components/ContactInputs';
import { RestaurantPhoneLink } from '../../components/order/RestaurantPhoneLink';
import { MAX_PARTY_SIZE } from '../../domain/bookingRules';
import { calendarDayLabel, londonWallClock } from '../../domain/londonClock';
import type { RestaurantData } from '../../shell/routerContext';
import { BOOKING_SUBJECTS, EMPTY_BOOKING, PARTY_SIZES, bookingDateError, bookingDateRange, bookingFormMessages, bookingRequestOf, validateBooking, type BookingField } from './bookingForm';
import { RequestRefusalAlert } from '../../components/forms/RequestRefusalAlert';
import { RequestSentPanel } from './RequestSentPanel';
import { useRequestForm } from '../../components/forms/useRequestForm';

type BookingTimes = { date: string; times: string[] };
type BookingAnswer = { bookingRef: string };
type BookingRequest = components['schemas']['BookingRequest'];

/** `/booking`: a request for a table, which the restaurant confirms by phone or email (docs/restaurant-pages.md). */
export function BookingScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  if (!restaurant) return null;
  return <BookingRequestForm restaurant={restaurant} />;
}

function BookingRequestForm({ restaurant }: { restaurant: RestaurantData }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const today = londonWallClock(usePageNow(60_000)).date;
  const dates = bookingDateRange(today);

  const times = useApiRequest<string, BookingTimes>((date, signal) =>
    callApi(api.GET('/booking/times/{date}', { params: { path: { date } }, signal }), signal),
  );
  const form = useRequestForm<BookingField, BookingRequest, BookingAnswer>({
    initialDraft: EMPTY_BOOKING,
    subjects: BOOKING_SUBJECTS,
    // Called on submit, by when this render has worked out the times offered below.
    validate: (draft) => validateBooking(draft, { today, offeredTimes }),
    requestOf: bookingRequestOf,
    sender: (body, signal) => callApi(api.POST('/booking/request', { body, signal }), signal),
  });
  const { draft, errors } = form;

  const dateCanBeBooked = bookingDateError(draft.date, today) === undefined;
  const { send: askForTimes, reset: forgetTimes } = times;
  // Each new day asks again; a call still out for the day before is dropped, so its late answer cannot fill the list.
  useEffect(() => {
    forgetTimes();
    if (dateCanBeBooked) askForTimes(draft.date);
  }, [draft.date, dateCanBeBooked, askForTimes, forgetTimes]);
  // A time refused (by the server: it has passed the lead time while the form was filled in) asks for the day's
  // times again, so that the list offers only those still open rather than the one just refused.
  const refusedTime = errors.time;
  const refusedOn = useRef<string | undefined>(undefined);
  useEffect(() => {
    // Only a new refusal asks: the date's own effect above asks for a new day.
    if (refusedOn.current === refusedTime) return;
    refusedOn.current = refusedTime;
    if (refusedTime !== undefined && dateCanBeBooked) askForTimes(draft.date);
  }, [refusedTime, dateCanBeBooked, askForTimes, draft.date]);
  const answeredDay = times.state === 'responseReceived' ? times.data : null;
  const offeredTimes: readonly string[] | undefined = answeredDay?.date === draft.date ? answeredDay.times : undefined;

  if (form.sent) {
    return (
      <Stack gap="md" py="md" maw={36 * 16}>
        <Title order={1}>Book a table</Title>
        <RequestSentPanel title="Your booking request has been sent" reference={form.sent.bookingRef}>
          <Text>
            A table for {draft.partySize} on {calendarDayLabel(draft.date)} at {draft.time}.
          </Text>
          <Text fw={700}>This is not confirmed yet: the restaurant will confirm your booking by phone or email.</Text>
          <Text>
            If you need to change it, phone us on <RestaurantPhoneLink phone={restaurant.phone} /> and give your reference.
          </Text>
        </RequestSentPanel>
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="md" maw={36 * 16}>
      <Title order={1}>Book a table</Title>
      <Text>Tell us when you would like to come. This is a request: the restaurant will confirm your booking by phone or email.</Text>
      <RequestRefusalAlert refusal={form.refusal} title="Your booking request could not be sent" phone={restaurant.phone} />
      <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="Booking request">
        <Stack gap="sm">
          <TextInput
            label="Date"
            type="date"
            required
            min={dates.min}
            max={dates.max}
            description="From today up to 60 days ahead"
            name="date"
            value={draft.date}
            error={errors.date}
            onChange={(event) => form.change('date', event.currentTarget.value)}
          />
          <TimeSelect
            state={dateCanBeBooked ? times.state : 'noDate'}
            offeredTimes={offeredTimes}
            value={draft.time}
            error={errors.time}
            onChange={(time) => form.change('time', time)}
            onRetry={() => askForTimes(draft.date)}
          />
          <NativeSelect
            label="Number of people"
            required
            data={PARTY_SIZES}
            description={
              <>
                For more than {MAX_PARTY_SIZE} people, please phone us on <RestaurantPhoneLink phone={restaurant.phone} />.
              </>
            }
            name="partySize"
            value={draft.partySize}
            error={errors.partySize}
            onChange={(event) => form.change('partySize', event.currentTarget.value)}
          />
          <ContactInputs values={draft} errors={errors} onChange={(field, value) => form.change(field, value)} />
          <Textarea
            label="Notes (optional)"
            description="For example a high chair, a wheelchair space or a birthday"
            autosize
            minRows={2}
            name="notes"
            value={draft.notes}
            error={errors.notes}
            onChange={(event) => form.change('notes', event.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={form.busy}>
            Send booking request
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

interface TimeSelectProps {
  /** The times call's state, or `noDate` while there is no day that can be booked to ask about. */
  state: 'noDate' | 'idle' | 'sending' | 'responseReceived' | 'error';
  offeredTimes: readonly string[] | undefined;
  value: string;
  error: string | undefined;
  onChange(time: string): void;
  onRetry(): void;
}

/** The day's times from the server: the select says why it is empty rather than offering nothing. */
function TimeSelect({ state, offeredTimes, value, error, onChange, onRetry }: TimeSelectProps) {
  const noTimes = offeredTimes?.length === 0;
  const placeholder =
    state === 'noDate' ? 'Choose a date first' : state === 'error' ? 'Times could not be loaded' : offeredTimes === undefined ? 'Loading times…' : noTimes ? 'No times on this day' : 'Choose a time';
  return (
    <>
      <NativeSelect
        label="Time"
        required
        disabled={offeredTimes === undefined || noTimes}
        data={[{ value: '', label: placeholder }, ...(offeredTimes ?? [])]}
        // A time chosen for another day stays in the draft but is shown (and sent) only if this day offers it too.
        value={offeredTimes?.includes(value) ? value : ''}
        description={noTimes && error === undefined ? bookingFormMessages.noTimesThatDay : undefined}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {state === 'error' && (
        <Alert color="lacquerRed" title="The times for this day could not be loaded" role="alert">
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      )}
    </>
  );
}
