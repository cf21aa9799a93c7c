import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AuthActor } from '../actors/auth';
import { KITCHEN_STAFF_GROUP, OWNER_GROUP, actsAs } from '../domain/staff';

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
