import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { identityFailureAt } from '../../../machines/auth/identityErrors';
import { AuthFailureAlert, AuthNoticeAlert } from './AuthMessages';
import { validateConfirmation, validateEmail } from './authForms';
import { useAuthActor, useAuthBusy, useAuthFailure, useAuthScreen, useAuthSelector } from './useAuthScreen';
import { useCheckedForm } from './useCheckedForm';

/**
 * `/confirmAccount`: the code we emailed, for the email just registered (or typed again after a reload). With the
 * password still held from registering, confirming signs the customer in and goes on to /createAccount; otherwise
 * to /login with a notice.
 */
export function ConfirmAccountScreen() {
  const auth = useAuthActor();
  const { notice, act } = useAuthScreen();
  const busy = useAuthBusy();
  const resending = useAuthSelector((snapshot) => snapshot.matches('resendingCode'));
  const failure = useAuthFailure('confirmSignUp', 'resendCode');
  const [rememberedEmail] = useState(() => auth.getSnapshot().context.email ?? '');
  const form = useCheckedForm({ email: rememberedEmail, code: '' }, validateConfirmation);
  const { draft, errors } = form;
  // Sending the code again needs only the email, typed in the confirmation form: one email field serves both.
  const sendCodeAgain = () => form.attempt(validateEmail, ({ email }) => act({ type: 'RESEND_CODE', email: email.trim() }));

  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Confirm your account</Title>
      <Text>We have emailed you a code. Enter it here to confirm your email address.</Text>
      <AuthNoticeAlert notice={notice} />
      <AuthFailureAlert title="Your account is not confirmed yet" failure={failure} />
      <form
        ref={form.formRef}
        onSubmit={form.submit(({ email, code }) => act({ type: 'CONFIRM_SIGN_UP', email: email.trim(), code: code.trim() }))}
        noValidate
        aria-label="Confirm your account"
      >
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={draft.email}
            error={errors.email ?? identityFailureAt(failure, 'email')}
            onChange={(event) => form.change('email', event.currentTarget.value)}
          />
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            description="The code in the email we sent you"
            value={draft.code}
            error={errors.code ?? identityFailureAt(failure, 'code')}
            onChange={(event) => form.change('code', event.currentTarget.value)}
          />
          <Button type="submit" loading={busy && !resending} disabled={resending}>
            Confirm account
          </Button>
        </Stack>
      </form>
      <Text>No email, or has the code expired?</Text>
      <Button variant="default" onClick={sendCodeAgain} loading={resending} disabled={busy && !resending} w="fit-content">
        Send the code again
      </Button>
      <Anchor component={Link} to="/login">
        Sign in instead
      </Anchor>
    </Stack>
  );
}
