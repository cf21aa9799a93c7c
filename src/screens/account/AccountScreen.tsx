import '@mantine/core/styles/Button.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';

/** The signed-in customer's page; profile, addresses, orders and vouchers arrive with the account issue. */
export function AccountScreen() {
  const auth = useRouteContext({ from: rootRouteId, select: (context) => context.auth });
  const navigate = useNavigate();
  const email = useSelector(auth, (snapshot) => snapshot.context.user?.email);
  const signedOut = useSelector(auth, (snapshot) => snapshot.matches('signedOut'));
  const busy = useSelector(auth, (snapshot) => snapshot.hasTag('busy'));
  const signingOut = useRef(false);

  // SPEC §2: sign-out goes to /.
  useEffect(() => {
    if (signingOut.current && signedOut) void navigate({ to: '/' });
  }, [signedOut, navigate]);

  return (
    <Stack gap="md" py="md">
      <Title order={1}>Your account details</Title>
      <Text>You are signed in as {email}.</Text>
      <Button
        w="fit-content"
        loading={busy}
        onClick={() => {
          signingOut.current = true;
          auth.send({ type: 'SIGN_OUT' });
        }}
      >
        Sign out
      </Button>
    </Stack>
  );
}
