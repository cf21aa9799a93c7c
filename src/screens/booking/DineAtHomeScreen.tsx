import { usePageNow } from '../../components/useNow';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import { Button, List, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { ContactInputs } from '../../components/ContactInputs';
import { RestaurantPhoneLink } from '../../components/order/RestaurantPhoneLink';
import { MAX_GUESTS, MIN_GUESTS } from '../../domain/bookingRules';
import { londonWallClock } from '../../domain/londonClock';
import type { RestaurantData } from '../../shell/routerContext';
import { CATERING_SUBJECTS, EMPTY_ENQUIRY, enquiryOf, eventDateRange, validateEnquiry, type CateringField } from './cateringForm';
import { RequestRefusalAlert } from '../../components/forms/RequestRefusalAlert';
import { RequestSentPanel } from './RequestSentPanel';
import { useRequestForm } from '../../components/forms/useRequestForm';

type EnquiryAnswer = { enquiryRef: string };
type CateringEnquiry = components['schemas']['CateringEnquiry'];

/** `/dine-at-home`: what the kitchen can do for an event at home, then an enquiry the restaurant answers. */
export function DineAtHomeScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  if (!restaurant) return null;
  return (
    <Stack gap="lg" py="md" maw={40 * 16}>
      <Title order={1}>Dine at home</Title>
      <CateringOffer restaurant={restaurant} />
      <CateringEnquiryForm restaurant={restaurant} />
    </Stack>
  );
}

// Prices depend on the menu, the guests and the place, so none is given here: the restaurant quotes each event.
function CateringOffer({ restaurant }: { restaurant: RestaurantData }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="catering-offer">
      <Title order={2} id="catering-offer">
        {restaurant.name} at your party
      </Title>
      <Text>
        A birthday, a family celebration, an office party: let our kitchen cook for your guests, so you can spend the evening with them instead of at
        the stove.
      </Text>
      <List spacing="xs">
        <List.Item>
          <strong>Party platters</strong>: our favourite starters and dim sum, made to share and easy to eat standing up.
        </List.Item>
        <List.Item>
          <strong>Banquet menus for groups</strong>: several courses chosen with you to suit your guests' tastes and diets.
        </List.Item>
        <List.Item>
          <strong>Delivery and set-up</strong>: we bring the food hot and set it out ready to serve.
        </List.Item>
      </List>
      <Text>
        Every event is different, so we plan and price each one with you. Tell us about yours below, or phone us on <RestaurantPhoneLink phone={restaurant.phone} />.
      </Text>
    </Stack>
  );
}

function CateringEnquiryForm({ restaurant }: { restaurant: RestaurantData }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const today = londonWallClock(usePageNow(60_000)).date;
  const dates = eventDateRange(today);
  const form = useRequestForm<CateringField, CateringEnquiry, EnquiryAnswer>({
    initialDraft: EMPTY_ENQUIRY,
    subjects: CATERING_SUBJECTS,
    validate: (draft) => validateEnquiry(draft, today),
    requestOf: enquiryOf,
    sender: (body, signal) => callApi(api.POST('/catering/enquiry', { body, signal }), signal),
  });
  const { draft, errors } = form;

  return (
    <Stack gap="sm" component="section" aria-labelledby="catering-enquiry">
      <Title order={2} id="catering-enquiry">
        Ask about catering for your event
      </Title>
      {form.sent ? (
        <RequestSentPanel title="Your enquiry has been sent" reference={form.sent.enquiryRef}>
          <Text>We will reply by phone or email to talk through your event. If you phone us, please give your reference.</Text>
        </RequestSentPanel>
      ) : (
        <>
          <RequestRefusalAlert refusal={form.refusal} title="Your enquiry could not be sent" phone={restaurant.phone} />
          <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="Catering enquiry">
            <Stack gap="sm">
              <TextInput
                label="Event date"
                type="date"
                required
                min={dates.min}
                max={dates.max}
                description="At least 2 days from today, up to a year ahead"
                name="eventDate"
                value={draft.eventDate}
                error={errors.eventDate}
                onChange={(event) => form.change('eventDate', event.currentTarget.value)}
              />
              <TextInput
                label="Number of guests"
                inputMode="numeric"
                required
                description={`From ${MIN_GUESTS} to ${MAX_GUESTS} guests`}
                name="guests"
                value={draft.guests}
                error={errors.guests}
                onChange={(event) => form.change('guests', event.currentTarget.value)}
              />
              <TextInput
                label="Budget (optional)"
                description="In your own words, for example per head or in total"
                name="budget"
                value={draft.budget}
                error={errors.budget}
                onChange={(event) => form.change('budget', event.currentTarget.value)}
              />
              <ContactInputs values={draft} errors={errors} onChange={(field, value) => form.change(field, value)} />
              <Textarea
                label="Message"
                required
                description="The occasion, where it is, and any dietary needs"
                autosize
                minRows={3}
                name="message"
                value={draft.message}
                error={errors.message}
                onChange={(event) => form.change('message', event.currentTarget.value)}
              />
              <Button type="submit" size="md" loading={form.busy}>
                Send enquiry
              </Button>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
