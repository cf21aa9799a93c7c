import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { carriedEmail } from '../../../machines/auth/authMachine';
import { PASSWORD_RULE } from '../../domain/passwordRules';
import { identityFailureAt } from '../../../machines/auth/identityErrors';
import { AuthFailureAlert } from './AuthMessages';
import { validateSignUp } from './authForms';
import { useAuthActor, useAuthBusy, useAuthFailure, useAuthScreen } from './useAuthScreen';
import { useCheckedForm } from './useCheckedForm';

/** `/register`: SPEC §1's sign-up, the email as username; the code we email confirms it at /confirmAccount. */
export function RegisterScreen() {
  const { act } = useAuthScreen();
  const busy = useAuthBusy();
  const failure = useAuthFailure('signUp');
  const auth = useAuthActor();
  // A guest who has just ordered on this device comes with the order's email (`CARRY_GUEST_DETAILS`).
  const form = useCheckedForm({ email: carriedEmail(auth.getSnapshot().context), password: '' }, validateSignUp);
  const { draft, errors } = form;

  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Register for an account</Title>
      <Text>With an account your details are filled in for you, your previous orders are one tap from ordering again, and every order earns points.</Text>
      <AuthFailureAlert title="You were not registered" failure={failure} />
      <form ref={form.formRef} onSubmit={form.submit(({ email, password }) => act({ type: 'SIGN_UP', email, password }))} noValidate aria-label="Register">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            description="We email you a code to confirm it"
            value={draft.email}
            error={errors.email ?? identityFailureAt(failure, 'email')}
            onChange={(event) => form.change('email', event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            description={PASSWORD_RULE}
            value={draft.password}
            error={errors.password ?? identityFailureAt(failure, 'password')}
            onChange={(event) => form.change('password', event.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Register
          </Button>
        </Stack>
      </form>
      <Text>
        Already registered?{' '}
        <Anchor component={Link} to="/login" underline="always">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
