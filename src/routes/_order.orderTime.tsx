import { createFileRoute } from '@tanstack/react-router';
import { OrderTimeScreen } from '../screens/order/OrderTimeScreen';

export const Route = createFileRoute('/_order/orderTime')({
  staticData: {
    facts: {
      title: 'Select your order time',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: OrderTimeScreen,
});
