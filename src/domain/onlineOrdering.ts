import type { components } from '../api/schema.gen';

/** SPEC §2: the ordering routes exist only when the takeaway setting and the restaurant both allow online orders. */
export function isOnlineOrderingAvailable(restaurant: components['schemas']['RestaurantData'] | undefined): boolean {
  return restaurant !== undefined && restaurant.takeawaySettings.allowOrdering && restaurant.onlineOrderingAllowed;
}
