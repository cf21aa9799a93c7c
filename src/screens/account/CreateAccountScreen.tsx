import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { AuthFailureAlert } from './AuthMessages';
import { validateProfile } from './accountForms';
import { useAuthActor, useAuthBusy, useAuthFailure, useAuthScreen, useAuthSelector } from './useAuthScreen';
import { useCheckedForm } from './useCheckedForm';

/**
 * `/createAccount`: the account record of a customer who has just confirmed their email, with an optional name
 * and phone. SPEC §8: if creating it fails the statechart signs out, and the customer goes to `/` and is told there.
 */
export function CreateAccountScreen() {
  const { act } = useAuthScreen();
  const busy = useAuthBusy();
  const failure = useAuthFailure('createAccount');
  const email = useAuthSelector((snapshot) => snapshot.context.user?.email);
  const auth = useAuthActor();
  // The name and phone of the order a guest placed on this device before signing up (`CARRY_GUEST_DETAILS`).
  const carried = auth.getSnapshot().context.guestDetails;
  const form = useCheckedForm({ name: carried?.name ?? '', phone: carried?.phone ?? '' }, (draft) => validateProfile(draft, { required: false }));
  const { draft, errors } = form;

  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Create your account</Title>
      <Text>Your email address {email} is confirmed. Add your name and phone number now, so that we can fill them in when you order, or later.</Text>
      <AuthFailureAlert title="Your account was not created" failure={failure} />
      <form
        ref={form.formRef}
        onSubmit={form.submit(({ name, phone }) => act({ type: 'CREATE_ACCOUNT', name: name.trim(), phone: phone.trim() }))}
        noValidate
        aria-label="Create your account"
      >
        <Stack gap="sm">
          <TextInput
            label="Name (optional)"
            autoComplete="name"
            value={draft.name}
            error={errors.name}
            onChange={(event) => form.change('name', event.currentTarget.value)}
          />
          <TextInput
            label="Phone number (optional)"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            description="A UK number, for example 07700 900123"
            value={draft.phone}
            error={errors.phone}
            onChange={(event) => form.change('phone', event.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Create account
          </Button>
        </Stack>
      </form>
      <Text>Not now?</Text>
      <Button variant="default" w="fit-content" disabled={busy} onClick={() => act({ type: 'SIGN_OUT' })}>
        Sign out
      </Button>
    </Stack>
  );
}
