import { createFileRoute } from '@tanstack/react-router';
import { OrderTimeScreen } from '../screens/order/OrderTimeScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/orderTime')({
  staticData: {
    facts: {
      title: 'Select your order time',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => guardOrderingStep(context, '/orderTime'),
  component: OrderTimeScreen,
});
