import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '../screens/order/CheckoutScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/checkout')({
  staticData: {
    facts: {
      title: 'Order Checkout',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => guardOrderingStep(context, '/checkout'),
  component: CheckoutScreen,
});
