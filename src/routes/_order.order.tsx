import { createFileRoute } from '@tanstack/react-router';
import { isOnlineOrderingAvailable } from '../domain/onlineOrdering';
import { validateDishSearch } from '../screens/order/dishSearch';
import { requestMenu } from '../screens/order/menuRequest';
import { OrderScreen } from '../screens/order/OrderScreen';

export const Route = createFileRoute('/_order/order')({
  staticData: {
    facts: {
      title: 'Add items to your order',
      navigation: 'takeAway',
      start: 'public',
      firstPaint: true,
      sitemap: 'listed',
      description: "{name}'s takeaway menu with prices: {tagline} in {place}. {toOrder}",
      structuredData: 'menu',
    },
  },
  validateSearch: validateDishSearch,
  // Not awaited: the menu downloads alongside the screen's code, and the screen shows its heading meanwhile; a first
  // load here has it in the page already.
  loader: ({ context: { api, restaurant, menuFromPage } }) => {
    if (!restaurant || !isOnlineOrderingAvailable(restaurant)) return { menuRequest: undefined, broughtMenu: undefined };
    const brought = menuFromPage.take(restaurant.menuId);
    return { menuRequest: brought ? Promise.resolve({ ok: true as const, data: brought }) : requestMenu(api, restaurant.menuId), broughtMenu: brought };
  },
  component: OrderScreen,
});
