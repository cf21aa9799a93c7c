import { createFileRoute } from '@tanstack/react-router';
import { DeliveryScreen } from '../screens/order/DeliveryScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/delivery')({
  staticData: {
    facts: {
      title: 'Enter your delivery details',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => guardOrderingStep(context, '/delivery'),
  component: DeliveryScreen,
});
