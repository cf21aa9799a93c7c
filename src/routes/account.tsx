import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { AccountScreen } from '../screens/account/AccountScreen';

export const Route = createFileRoute('/account')({
  // SPEC §2: signed-in users pass; everyone else signs in first and comes back.
  beforeLoad: async ({ context, location }) => {
    const settled = await waitFor(context.auth, (snapshot) => !snapshot.matches('restoring'));
    if (!settled.matches('signedIn')) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: AccountScreen,
});
