import { poundsToPence } from '../../domain/money';
import type { Repositories, RestaurantData } from '../db/repositories';
import type { ChargeSettings } from '../domain/basketPricing';

/** The restaurant's core data, which every order, booking and back-office change reads. */
export async function restaurantOf(repositories: Repositories): Promise<RestaurantData> {
  const restaurant = await repositories.restaurant.getCoreData();
  // The database is seeded on first start, so a missing restaurant is a broken deployment.
  if (!restaurant) throw new Error('The restaurant core data is missing from the database');
  return restaurant;
}

/** The bag and delivery charges the restaurant has set, in pence, as basket pricing takes them. */
export function chargesOf(restaurant: RestaurantData): ChargeSettings {
  const settings = restaurant.takeawaySettings;
  return {
    bagChargePence: poundsToPence(settings.bagCharge),
    standardDeliveryChargePence: poundsToPence(settings.standardDeliveryCharge),
  };
}
