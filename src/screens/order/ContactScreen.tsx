import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useEffect, useState, type FormEvent } from 'react';
import { fillBlankContact } from '../../../machines/basket/basketForms';
import { firstIncompleteStep, redirectForStep } from '../../../machines/basket/basketMachine';
import { useAnnounceRefusals } from '../../components/a11y/useAnnounceRefusals';
import { CONTACT_LABELS, ContactInputs } from '../../components/ContactInputs';
import { StepErrorAlert } from '../../components/order/StepErrorAlert';
import { useBasketActor } from './useBasket';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

const HEADING = 'Enter your contact details';

/** `/contact`: who the order is for. A public route (SPEC §2), so it explains rather than redirects when it is too early. */
export function ContactScreen() {
  const basket = useBasketActor();
  const notYet = useSelector(basket, (snapshot) => redirectForStep(snapshot, '/contact'));
  const firstStep = useSelector(basket, firstIncompleteStep);
  const fieldErrors = useSelector(basket, (snapshot) => snapshot.context.fieldErrors);
  const basketError = useSelector(basket, (snapshot) => snapshot.context.error);
  const draft = useSelector(basket, (snapshot) => snapshot.context.drafts.contact);
  const [details, setDetails] = useState(() => draft ?? basket.getSnapshot().context.contact ?? { name: '', phone: '', email: '' });
  const formRef = useAnnounceRefusals(fieldErrors, CONTACT_LABELS);

  // The customer's details arrive when their account has loaded, maybe after the form opened: they fill the empty fields.
  useEffect(() => {
    if (draft) setDetails((typed) => fillBlankContact(typed, draft));
  }, [draft]);

  if (notYet) {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>{HEADING}</Title>
        <Text>{firstStep === '/order' ? 'Your basket is empty. Choose your dishes first.' : 'There is an earlier step of your order to finish first.'}</Text>
        <Anchor component={Link} to={firstStep} w="fit-content">
          {firstStep === '/order' ? 'Browse the menu' : 'Continue your order'}
        </Anchor>
      </Stack>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    basket.send({ type: 'SUBMIT_CONTACT', ...details });
  }

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>{HEADING}</Title>
      <Text>We use these only to tell you about this order.</Text>
      <StepErrorAlert error={basketError} title="Your order could not be saved" />
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ContactInputs values={details} errors={fieldErrors} onChange={(field, value) => setDetails({ ...details, [field]: value })} />
          <Button type="submit" size="md">
            Continue
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
