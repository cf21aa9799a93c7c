import { KITCHEN_STAFF_GROUP } from '../../domain/staff';
import type { Actor } from './acceptance';

export const STAFF_ONLY_MESSAGE = "This is for the restaurant's staff only";

/** The actor a staff member's changes are recorded as, or undefined when the caller is not staff. */
export function kitchenActorOf(identity: { sub: string; groups: readonly string[] } | null): Actor | undefined {
  if (identity === null || !identity.groups.includes(KITCHEN_STAFF_GROUP)) return undefined;
  return `kitchen:${identity.sub}`;
}
