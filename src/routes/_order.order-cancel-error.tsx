import { createFileRoute } from '@tanstack/react-router';
import { OrderCancelErrorScreen } from '../screens/acceptance/OrderCancelErrorScreen';

export const Route = createFileRoute('/_order/order-cancel-error')({
  staticData: {
    facts: {
      title: 'Your order could not be cancelled',
      navigation: null,
      start: 'home',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: OrderCancelErrorScreen,
});
