import { restaurantOf } from '../services/restaurant';
import type { HandlerMap } from './handlerTypes';

export const restaurantHandlers: Pick<HandlerMap, 'getCoreRestaurantData'> = {
  async getCoreRestaurantData(request) {
    return { data: { restaurantData: await restaurantOf(request.server.repositories) } };
  },
};
