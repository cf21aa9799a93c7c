import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import { Anchor, Button, Checkbox, Stack, TextInput, Title } from '@mantine/core';
import { Link, rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useState, type ChangeEvent } from 'react';
import { callApi } from '../../api/client';
import { tidyAddress, type AccountAddress } from '../../domain/accountRules';
import { RequestRefusalAlert } from '../../components/forms/RequestRefusalAlert';
import { useRequestForm } from '../../components/forms/useRequestForm';
import type { AccountProfile } from './accountDisplay';
import { ADDRESS_SUBJECTS, EMPTY_ADDRESS, validateAddress, type AddressField } from './accountForms';
import { useAuthActor } from './useAuthScreen';

/** `/addAddress`: a UK address for the profile. "Use for delivery" also fills the order's delivery form with it (`PREFILL_DELIVERY`). */
export function AddAddressScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const basket = useRouteContext({ from: rootRouteId, select: (context) => context.basket });
  const phone = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.phone ?? '' });
  const auth = useAuthActor();
  const navigate = useNavigate();
  const [useForDelivery, setUseForDelivery] = useState(false);
  const form = useRequestForm<AddressField, AccountAddress, { account: AccountProfile }>({
    initialDraft: EMPTY_ADDRESS,
    subjects: ADDRESS_SUBJECTS,
    validate: validateAddress,
    requestOf: tidyAddress,
    sender: (body, signal) => callApi(api.POST('/account/AddAddress', { body, signal }), signal),
  });
  const { draft, errors } = form;

  useEffect(() => {
    if (!form.sent) return;
    auth.send({ type: 'ACCOUNT_CHANGED', account: form.sent.account });
    if (useForDelivery) {
      const { address1, address2, town, postCode } = tidyAddress(draft);
      basket.send({ type: 'PREFILL_DELIVERY', address: { address1, address2, town, postcode: postCode } });
    }
    void navigate({ to: '/account' });
  }, [form.sent, auth, basket, navigate, useForDelivery, draft]);

  const field = (name: AddressField) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.change(name, event.currentTarget.value),
  });

  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Add an address</Title>
      <RequestRefusalAlert refusal={form.refusal} title="Your address was not added" phone={phone} />
      <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="New address">
        <Stack gap="sm">
          <TextInput label={ADDRESS_SUBJECTS.address1} autoComplete="address-line1" required {...field('address1')} />
          <TextInput label={`${ADDRESS_SUBJECTS.address2} (optional)`} autoComplete="address-line2" {...field('address2')} />
          <TextInput label={ADDRESS_SUBJECTS.town} autoComplete="address-level2" required {...field('town')} />
          <TextInput label={`${ADDRESS_SUBJECTS.county} (optional)`} autoComplete="address-level1" {...field('county')} />
          <TextInput label={ADDRESS_SUBJECTS.postCode} autoComplete="postal-code" autoCapitalize="characters" required maw={12 * 16} {...field('postCode')} />
          <Checkbox
            label="Use for delivery"
            description="Fill in the delivery step of your order with this address"
            checked={useForDelivery}
            onChange={(event) => setUseForDelivery(event.currentTarget.checked)}
          />
          <Button type="submit" loading={form.busy}>
            Add address
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/account">
        Back to your account
      </Anchor>
    </Stack>
  );
}
