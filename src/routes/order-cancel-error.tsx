import { createFileRoute } from '@tanstack/react-router';
import { OrderCancelErrorScreen } from '../screens/acceptance/OrderCancelErrorScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/order-cancel-error')({
  staticData: {
    facts: {
      title: 'Your order could not be cancelled',
      navigation: null,
      start: 'home',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: OrderCancelErrorScreen,
});
