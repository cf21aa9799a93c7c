/** The identity group of the restaurant's staff: the kitchen dashboard and its calls are theirs. */
export const KITCHEN_STAFF_GROUP = 'kitchen';

/** The identity group of the restaurant's owner: the back office (`/manage`, `/api/manage/…`) and everything the kitchen does. */
export const OWNER_GROUP = 'owner';

/** The groups each group also grants: the owner runs the kitchen too, without being added to its group by hand. */
const GRANTED_WITH: Readonly<Record<string, readonly string[]>> = {
  [OWNER_GROUP]: [KITCHEN_STAFF_GROUP],
};

/** Whether a caller in `groups` (the id token's cognito:groups) acts as a member of `group`. */
export function actsAs(groups: readonly string[], group: string): boolean {
  return groups.some((held) => held === group || (GRANTED_WITH[held] ?? []).includes(group));
}
