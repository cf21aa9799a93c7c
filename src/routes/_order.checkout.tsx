import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '../screens/order/CheckoutScreen';

export const Route = createFileRoute('/_order/checkout')({
  staticData: {
    facts: {
      title: 'Order Checkout',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: CheckoutScreen,
});
