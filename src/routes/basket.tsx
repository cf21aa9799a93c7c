import { createFileRoute } from '@tanstack/react-router';
import { BasketScreen } from '../screens/order/BasketScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/basket')({
  staticData: {
    facts: {
      title: 'Manage your order basket',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => guardOrderingStep(context, '/basket', { emptyBasketStays: true }),
  component: BasketScreen,
});
