import { createFileRoute } from '@tanstack/react-router';
import { requestMenu } from '../screens/order/menuRequest';
import { OrderScreen } from '../screens/order/OrderScreen';
import { isOnlineOrderingAvailable } from '../shell/orderingGate';

export const Route = createFileRoute('/order')({
  // Not awaited: the menu downloads alongside the screen's code, and the screen shows its heading meanwhile.
  loader: ({ context: { api, restaurant } }) => ({
    menuRequest: restaurant && isOnlineOrderingAvailable(restaurant) ? requestMenu(api, restaurant.menuId) : undefined,
  }),
  component: OrderScreen,
});
