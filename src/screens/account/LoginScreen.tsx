import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { safeRedirectTarget } from '../../shell/redirectTarget';

/** SPEC §1/§5: username is the email; the site itself enforces nothing beyond a value in each field for sign-in. */
export function LoginScreen({ redirectTo }: { redirectTo: string | undefined }) {
  const auth = useRouteContext({ from: rootRouteId, select: (context) => context.auth });
  const navigate = useNavigate();
  const signedIn = useSelector(auth, (snapshot) => snapshot.matches('signedIn'));
  const busy = useSelector(auth, (snapshot) => snapshot.hasTag('busy'));
  const unconfirmed = useSelector(auth, (snapshot) => snapshot.hasTag('unconfirmed'));
  const errorMessage = useSelector(auth, (snapshot) => snapshot.context.errorMessage);
  const signedInEmail = useSelector(auth, (snapshot) => snapshot.context.user?.email);
  const rememberedEmail = useSelector(auth, (snapshot) => snapshot.context.email);
  const [email, setEmail] = useState(rememberedEmail ?? '');
  const [password, setPassword] = useState('');
  // Only an attempt made on this screen moves the customer on; arriving already signed in does not.
  const attempted = useRef<'signIn' | 'signOut' | undefined>(undefined);

  useEffect(() => {
    if (attempted.current === 'signIn' && signedIn) void navigate({ href: safeRedirectTarget(redirectTo), replace: true });
    if (attempted.current === 'signIn' && unconfirmed) void navigate({ to: '/confirmAccount' });
    if (attempted.current === 'signOut' && !signedIn && !busy) void navigate({ to: '/' });
  }, [signedIn, unconfirmed, busy, navigate, redirectTo]);

  function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    attempted.current = 'signIn';
    auth.send({ type: 'SIGN_IN', email: email.trim(), password });
  }

  function signOut() {
    attempted.current = 'signOut';
    auth.send({ type: 'SIGN_OUT' });
  }

  if (signedIn) {
    return (
      <Stack gap="md" py="md" maw={28 * 16}>
        <Title order={1}>Your account</Title>
        <Text>You are signed in as {signedInEmail}.</Text>
        <Button onClick={signOut} loading={busy} w="fit-content">
          Sign out
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Sign in</Title>
      <form onSubmit={signIn} noValidate>
        <Stack gap="sm">
          {errorMessage && (
            <Alert color="lacquerRed" role="alert" title="Sign-in failed">
              {errorMessage}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
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
