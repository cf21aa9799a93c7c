import type { HandlerMap } from './handlerTypes';

export const restaurantHandlers: Pick<HandlerMap, 'getCoreRestaurantData'> = {
  async getCoreRestaurantData(request) {
    const restaurantData = await request.server.repositories.restaurant.getCoreData();
    // The database is seeded on first start, so a missing restaurant is a broken deployment, not a caller's mistake.
    if (!restaurantData) throw new Error('The restaurant core data is missing from the database');
    return { data: { restaurantData } };
  },
};
