import type { Actor } from './acceptance';

/** The refusal of a signed-in caller outside the groups an operation's `x-identity-groups` lists: they are the staff's. */
export const STAFF_ONLY_MESSAGE = "This is for the restaurant's staff only";

/** The refusal of a caller outside the `owner` group on the back office's operations, the kitchen's staff included. */
export const OWNER_ONLY_MESSAGE = "This is for the restaurant's owner only";

/**
 * The actor a staff member's changes are recorded as. The kitchen operations require the `kitchen` group in
 * openapi.yaml, so the authorization hook has let only staff through and set the caller's identity.
 */
export function kitchenActorOf(identity: { sub: string } | null): Actor {
  if (identity === null) throw new Error('A kitchen operation ran without a caller: openapi.yaml must require its bearer');
  return `kitchen:${identity.sub}`;
}
