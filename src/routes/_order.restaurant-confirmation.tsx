import { createFileRoute } from '@tanstack/react-router';
import { RestaurantConfirmationScreen } from '../screens/acceptance/RestaurantConfirmationScreen';

export const Route = createFileRoute('/_order/restaurant-confirmation')({
  staticData: {
    facts: {
      title: 'Waiting for the restaurant',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: RestaurantConfirmationScreen,
});
