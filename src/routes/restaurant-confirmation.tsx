import { createFileRoute } from '@tanstack/react-router';
import { RestaurantConfirmationScreen } from '../screens/acceptance/RestaurantConfirmationScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/restaurant-confirmation')({
  staticData: {
    facts: {
      title: 'Waiting for the restaurant',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: RestaurantConfirmationScreen,
});
