import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AuthActor } from '../actors/auth';
import { KITCHEN_STAFF_GROUP } from '../domain/staff';
import { normalisePath } from '../domain/paths';

/**
 * The kitchen pages. Their state is on the server and in the stored session, so the settings gate keeps a start
 * there (the tablet's bookmark, a printed ticket's new tab) instead of sending it to `/`.
 */
export function isKitchenPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path === '/kitchen' || path.startsWith('/kitchen/');
}

/**
 * A kitchen route's `beforeLoad`: a visitor who is not signed in signs in first and comes back to `returnTo`;
 * a signed-in one passes, and the route shows the dashboard only to the kitchen group.
 */
export async function guardKitchenRoute(auth: AuthActor, returnTo: string): Promise<{ isKitchenStaff: boolean }> {
  const settled = await waitFor(auth, (snapshot) => !snapshot.matches('restoring'));
  if (!settled.matches('signedIn')) throw redirect({ to: '/login', search: { redirect: returnTo } });
  return { isKitchenStaff: settled.context.user?.groups.includes(KITCHEN_STAFF_GROUP) ?? false };
}
