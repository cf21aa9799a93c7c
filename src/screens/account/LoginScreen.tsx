import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { authDestination, failureFor, isAuthSettled, isSignedIn, type AuthSnapshot } from '../../../machines/auth/authMachine';
import { safeRedirectTarget } from '../../shell/redirectTarget';
import { AuthFailureAlert, AuthNoticeAlert } from './AuthMessages';
import { validateSignIn } from './authForms';
import { useAuthActor, useAuthBusy, useAuthFailure, useAuthScreen, useAuthSelector } from './useAuthScreen';
import { useCheckedForm } from './useCheckedForm';

/**
 * Where a sign-in on this screen leads: back where the customer was going (`?redirect=`, site paths only), else to
 * /createAccount when the user has no account record yet, else home. Before that, SPEC §2's rules (an unconfirmed
 * user goes to /confirmAccount).
 */
function afterSignIn(redirectTo: string | undefined) {
  return (snapshot: AuthSnapshot): string | undefined => {
    if (!isSignedIn(snapshot)) return authDestination(snapshot);
    if (!isAuthSettled(snapshot)) return undefined;
    if (redirectTo !== undefined) return safeRedirectTarget(redirectTo);
    return snapshot.hasTag('needsAccount') ? '/createAccount' : '/';
  };
}

/** `/login` (SPEC §1/§5): username is the email; the site asks only for a value in each field to sign in. */
export function LoginScreen({ redirectTo }: { redirectTo: string | undefined }) {
  const auth = useAuthActor();
  // A deletion refused because the session had expired sends the customer here to sign in again, with its reason.
  const [deletionFailure] = useState(() => failureFor(auth.getSnapshot(), 'deleteAccount'));
  const { notice, act, acted } = useAuthScreen(useMemo(() => afterSignIn(redirectTo), [redirectTo]));
  const busy = useAuthBusy();
  const failure = useAuthFailure('signIn');
  const signedInEmail = useAuthSelector((snapshot) => (isSignedIn(snapshot) ? snapshot.context.user?.email : undefined));
  const [rememberedEmail] = useState(() => auth.getSnapshot().context.email ?? '');
  const form = useCheckedForm({ email: rememberedEmail, password: '' }, validateSignIn);
  const { draft, errors } = form;

  if (signedInEmail !== undefined) {
    return (
      <Stack gap="md" py="md" maw={28 * 16}>
        <Title order={1}>Your account</Title>
        <Text>You are signed in as {signedInEmail}.</Text>
        <Button onClick={() => act({ type: 'SIGN_OUT' })} loading={busy} w="fit-content">
          Sign out
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Sign in</Title>
      <AuthNoticeAlert notice={notice} />
      <AuthFailureAlert title="Your account was not deleted" failure={acted ? undefined : deletionFailure} />
      <AuthFailureAlert title="Sign-in failed" failure={failure} />
      <form ref={form.formRef} onSubmit={form.submit(({ email, password }) => act({ type: 'SIGN_IN', email: email.trim(), password }))} noValidate aria-label="Sign in">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={draft.email}
            error={errors.email}
            onChange={(event) => form.change('email', event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={draft.password}
            error={errors.password}
            onChange={(event) => form.change('password', event.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Group gap="md">
        <Anchor component={Link} to="/forgotpassword">
          Forgotten your password?
        </Anchor>
        <Anchor component={Link} to="/register">
          Register for an account
        </Anchor>
      </Group>
    </Stack>
  );
}
