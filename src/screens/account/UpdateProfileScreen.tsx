import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import { Anchor, Button, Stack, TextInput, Title } from '@mantine/core';
import { Link, rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { callApi } from '../../api/client';
import { RequestRefusalAlert } from '../../components/forms/RequestRefusalAlert';
import { useRequestForm } from '../../components/forms/useRequestForm';
import type { AccountProfile } from './accountDisplay';
import { PROFILE_SUBJECTS, profileUpdateOf, validateProfile, type ProfileField, type ProfileUpdate } from './accountForms';
import { useAuthActor, useHeldAccount } from './useAuthScreen';

/** `/updateProfile`: name and phone, checked as the server checks them; the server's answer replaces the held account. */
export function UpdateProfileScreen() {
  const account = useHeldAccount();
  if (!account) return null;
  return <UpdateProfileForm account={account} />;
}

function UpdateProfileForm({ account }: { account: AccountProfile }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const phone = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.phone ?? '' });
  const auth = useAuthActor();
  const navigate = useNavigate();
  const form = useRequestForm<ProfileField, ProfileUpdate, { account: AccountProfile }>({
    initialDraft: { name: account.name ?? '', phone: account.phone ?? '' },
    subjects: PROFILE_SUBJECTS,
    validate: (draft) => validateProfile(draft, { required: true }),
    requestOf: profileUpdateOf,
    sender: (body, signal) => callApi(api.POST('/account/UpdateProfile', { body, signal }), signal),
  });
  const { draft, errors } = form;

  useEffect(() => {
    if (!form.sent) return;
    auth.send({ type: 'ACCOUNT_CHANGED', account: form.sent.account });
    void navigate({ to: '/account' });
  }, [form.sent, auth, navigate]);

  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Update your profile</Title>
      <RequestRefusalAlert refusal={form.refusal} title="Your profile was not updated" phone={phone} />
      <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label="Your profile">
        <Stack gap="sm">
          <TextInput
            label="Name"
            autoComplete="name"
            required
            value={draft.name}
            error={errors.name}
            onChange={(event) => form.change('name', event.currentTarget.value)}
          />
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            description="A UK number, for example 07700 900123"
            value={draft.phone}
            error={errors.phone}
            onChange={(event) => form.change('phone', event.currentTarget.value)}
          />
          <Button type="submit" loading={form.busy}>
            Save profile
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/account">
        Back to your account
      </Anchor>
    </Stack>
  );
}
