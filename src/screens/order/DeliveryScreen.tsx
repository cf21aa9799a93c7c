import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '../../actors/firstVisit';
import { useEffect, useState, type FormEvent } from 'react';
import { fillBlankAddress, savedAddressFields, type DeliveryAddress } from '../../../machines/basket/basketForms';
import { useAnnounceRefusals } from '../../components/a11y/useAnnounceRefusals';
import { formatPounds } from '../../domain/money';
import { StepErrorAlert } from '../../components/order/StepErrorAlert';
import { useBasketActor, useCustomer } from './useBasket';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

const BLANK_ADDRESS: DeliveryAddress = { address1: '', address2: '', town: '', postcode: '' };

/** The fields' labels, also the words a refused field is announced by. */
const ADDRESS_LABELS: Record<keyof DeliveryAddress, string> = {
  address1: 'Address line 1',
  address2: 'Address line 2 (optional)',
  town: 'Town or city',
  postcode: 'Postcode',
};

const addressLinesOf = (address: DeliveryAddress) => [address.address1, address.address2, address.town, address.postcode].filter(Boolean);
const addressLabel = (address: DeliveryAddress) => addressLinesOf(address).join(', ');

/** `/delivery`: where a delivery order goes, checked against the delivery zones (`GET /orderbuilder/checkDelivery`). */
export function DeliveryScreen() {
  // The postcode check answers later: the statechart moves the customer on once it has accepted the address.
  const basket = useBasketActor();
  const fieldErrors = useSelector(basket, (snapshot) => snapshot.context.fieldErrors);
  // The postcode is refused by the form's check at once, or by the delivery zones' answer a moment later.
  const formRef = useAnnounceRefusals(fieldErrors, ADDRESS_LABELS);
  const basketError = useSelector(basket, (snapshot) => snapshot.context.error);
  const checking = useSelector(basket, (snapshot) => snapshot.matches({ deliveryCheck: 'checking' }));
  const acceptedCharge = useSelector(basket, (snapshot) => snapshot.context.delivery?.deliveryCharge);
  const { account } = useCustomer();
  const savedAddresses = (account?.addresses ?? []).map(savedAddressFields);
  const formAddress = () => {
    const { drafts, delivery } = basket.getSnapshot().context;
    return (
      drafts.delivery ??
      (delivery ? { address1: delivery.address1, address2: delivery.address2, town: delivery.town, postcode: delivery.postcode } : BLANK_ADDRESS)
    );
  };
  const [address, setAddress] = useState<DeliveryAddress>(formAddress);
  const draft = useSelector(basket, (snapshot) => snapshot.context.drafts.delivery);

  // The statechart fills the form with the customer's first saved address when their account loads, maybe after the
  // form opened: it fills a blank form.
  useEffect(() => setAddress((typed) => fillBlankAddress(typed, draft)), [draft]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    basket.send({ type: 'SUBMIT_DELIVERY', ...address });
  }

  function chooseSavedAddress(saved: DeliveryAddress) {
    basket.send({ type: 'PREFILL_DELIVERY', address: saved });
    setAddress(formAddress());
  }

  const field = (name: keyof DeliveryAddress) => ({
    label: ADDRESS_LABELS[name],
    value: address[name],
    error: fieldErrors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => setAddress({ ...address, [name]: event.currentTarget.value }),
  });

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>Enter your delivery details</Title>
      <Text>We check that we deliver to your postcode when you continue.</Text>
      {acceptedCharge !== undefined && <Text size="sm">{`Delivery to your current address costs ${formatPounds(acceptedCharge)}.`}</Text>}
      <StepErrorAlert error={basketError} title="Your address could not be checked" />
      {savedAddresses.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Your saved addresses">
          <Text fw={700}>Your saved addresses</Text>
          <Group gap="xs">
            {savedAddresses.map((saved, index) => (
              // An address is shown a line at a time (SPEC §3), as on an envelope.
              <Button
                key={index}
                variant="default"
                h="auto"
                py={6}
                styles={{ label: { display: 'block', whiteSpace: 'normal', textAlign: 'left', fontWeight: 400 } }}
                onClick={() => chooseSavedAddress(saved)}
                aria-label={`Deliver to ${addressLabel(saved)}`}
              >
                {addressLinesOf(saved).map((line, lineIndex) => (
                  <span key={lineIndex} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput autoComplete="address-line1" required {...field('address1')} />
          <TextInput autoComplete="address-line2" {...field('address2')} />
          <TextInput autoComplete="address-level2" required {...field('town')} />
          <TextInput autoComplete="postal-code" autoCapitalize="characters" required maw={12 * 16} {...field('postcode')} />
          <Button type="submit" size="md" loading={checking}>
            Continue
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
