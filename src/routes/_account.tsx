import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { accountRouteRedirect, isAuthSettled } from '../../machines/auth/authMachine';

/**
 * The guard of SPEC §2's account routes, written once: it waits until the session is restored and the account
 * record is known, then lets the customer in or sends them where the auth statechart says (to sign in and come
 * back, to create their account, or from /createAccount to the account they already have).
 */
export const Route = createFileRoute('/_account')({
  staticData: { facts: 'layout' },
  beforeLoad: async ({ context, location }) => {
    const settled = await waitFor(context.auth, isAuthSettled);
    const target = accountRouteRedirect(settled, location.pathname);
    if (target === '/login') throw redirect({ to: '/login', search: { redirect: location.href } });
    if (target !== undefined) throw redirect({ to: target });
  },
});
