import { createFileRoute } from '@tanstack/react-router';
import { DeliveryScreen } from '../screens/order/DeliveryScreen';

export const Route = createFileRoute('/_order/delivery')({
  staticData: {
    facts: {
      title: 'Enter your delivery details',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: DeliveryScreen,
});
