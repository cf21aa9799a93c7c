import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AuthActor } from '../actors/auth';
import { KITCHEN_STAFF_GROUP, OWNER_GROUP, actsAs } from '../domain/staff';
import { normalisePath } from '../domain/paths';

/**
 * The staff's pages: the kitchen's and the owner's back office. Their state is on the server and in the stored session,
 * so the settings gate keeps a start there (the tablet's bookmark, a printed ticket's new tab) instead of sending it to `/`.
 */
export function isStaffPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return ['/kitchen', '/manage'].some((root) => path === root || path.startsWith(`${root}/`));
}

/** The groups of the signed-in user, once the stored session has been read; a visitor who is not signed in signs in first and comes back. */
async function signedInGroups(auth: AuthActor, returnTo: string): Promise<readonly string[]> {
  const settled = await waitFor(auth, (snapshot) => !snapshot.matches('restoring'));
  if (!settled.matches('signedIn')) throw redirect({ to: '/login', search: { redirect: returnTo } });
  return settled.context.user?.groups ?? [];
}

/** A kitchen route's `beforeLoad`: a signed-in user passes, and the route shows the dashboard only to the kitchen (the owner included). */
export async function guardKitchenRoute(auth: AuthActor, returnTo: string): Promise<{ isKitchenStaff: boolean }> {
  return { isKitchenStaff: actsAs(await signedInGroups(auth, returnTo), KITCHEN_STAFF_GROUP) };
}

/** The back office's `beforeLoad` (its layout route): a signed-in user passes, and the pages show only to the owner. */
export async function guardOwnerRoute(auth: AuthActor, returnTo: string): Promise<{ isOwner: boolean }> {
  return { isOwner: actsAs(await signedInGroups(auth, returnTo), OWNER_GROUP) };
}
