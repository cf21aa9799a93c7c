/** The identity group of the restaurant's staff: the kitchen dashboard and its calls are theirs alone. */
export const KITCHEN_STAFF_GROUP = 'kitchen';
