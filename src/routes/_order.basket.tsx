import { createFileRoute } from '@tanstack/react-router';
import { BasketScreen } from '../screens/order/BasketScreen';

export const Route = createFileRoute('/_order/basket')({
  staticData: {
    facts: {
      title: 'Manage your order basket',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: BasketScreen,
});
