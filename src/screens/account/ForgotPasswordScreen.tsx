import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PASSWORD_RULE } from '../../domain/passwordRules';
import { identityFailureAt } from '../../../machines/auth/identityErrors';
import { AuthFailureAlert, AuthNoticeAlert } from './AuthMessages';
import { validateEmail, validateNewPassword } from './authForms';
import { useAuthActor, useAuthBusy, useAuthFailure, useAuthScreen, useAuthSelector, type AuthScreen } from './useAuthScreen';
import { useCheckedForm } from './useCheckedForm';

/**
 * `/forgotPassword` (also `/forgotpassword`): first the email, to which the identity service sends a code; then the
 * code and a new password. Once changed, the customer signs in at /login, which says so.
 */
export function ForgotPasswordScreen() {
  const screen = useAuthScreen();
  const codeSent = useAuthSelector((snapshot) => snapshot.matches('awaitingNewPassword') || snapshot.matches('requestingAnotherResetCode') || snapshot.matches('resettingPassword'));
  const email = useAuthSelector((snapshot) => snapshot.context.email);
  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Reset your password</Title>
      <AuthNoticeAlert notice={screen.notice} />
      {codeSent && email !== undefined ? <NewPasswordStep email={email} screen={screen} /> : <EmailStep screen={screen} />}
      <Anchor component={Link} to="/login">
        Back to sign in
      </Anchor>
    </Stack>
  );
}

function EmailStep({ screen }: { screen: AuthScreen }) {
  const auth = useAuthActor();
  const busy = useAuthBusy();
  const failure = useAuthFailure('requestPasswordReset');
  const [rememberedEmail] = useState(() => auth.getSnapshot().context.email ?? '');
  const form = useCheckedForm({ email: rememberedEmail }, validateEmail);
  return (
    <>
      <Text>Enter the email address you registered with, and we will email you a code to choose a new password.</Text>
      <AuthFailureAlert title="We could not send a code" failure={failure} />
      <form ref={form.formRef} onSubmit={form.submit(({ email }) => screen.act({ type: 'REQUEST_PASSWORD_RESET', email: email.trim() }))} noValidate aria-label="Your email">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={form.draft.email}
            error={form.errors.email ?? identityFailureAt(failure, 'email')}
            onChange={(event) => form.change('email', event.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Send code
          </Button>
        </Stack>
      </form>
    </>
  );
}

function NewPasswordStep({ email, screen }: { email: string; screen: AuthScreen }) {
  const busy = useAuthBusy();
  const requestingAgain = useAuthSelector((snapshot) => snapshot.matches('requestingAnotherResetCode'));
  const failure = useAuthFailure('resetPassword', 'requestPasswordReset');
  const form = useCheckedForm({ code: '', newPassword: '' }, validateNewPassword);
  return (
    <>
      <Text>
        Enter the code we emailed to {email} and choose a new password.
      </Text>
      <AuthFailureAlert title="Your password was not changed" failure={failure} />
      <form
        ref={form.formRef}
        onSubmit={form.submit(({ code, newPassword }) => screen.act({ type: 'RESET_PASSWORD', email, code: code.trim(), newPassword }))}
        noValidate
        aria-label="Choose a new password"
      >
        <Stack gap="sm">
          {/* For the browser's password manager: the account whose password this is. */}
          <input type="hidden" autoComplete="username" value={email} readOnly />
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            description="The code in the email we sent you"
            value={form.draft.code}
            error={form.errors.code ?? identityFailureAt(failure, 'code')}
            onChange={(event) => form.change('code', event.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            description={PASSWORD_RULE}
            value={form.draft.newPassword}
            error={form.errors.newPassword ?? identityFailureAt(failure, 'password')}
            onChange={(event) => form.change('newPassword', event.currentTarget.value)}
          />
          <Button type="submit" loading={busy && !requestingAgain} disabled={requestingAgain}>
            Change password
          </Button>
        </Stack>
      </form>
      <Button variant="default" w="fit-content" loading={requestingAgain} disabled={busy && !requestingAgain} onClick={() => screen.act({ type: 'REQUEST_PASSWORD_RESET', email })}>
        Send a new code
      </Button>
      <Button variant="subtle" w="fit-content" disabled={busy} onClick={() => screen.act({ type: 'USE_ANOTHER_EMAIL' })}>
        Use a different email
      </Button>
    </>
  );
}
