import { createFileRoute } from '@tanstack/react-router';
import { OrderCancelledScreen } from '../screens/acceptance/OrderCancelledScreen';

export const Route = createFileRoute('/_order/order-cancelled')({
  staticData: {
    facts: {
      title: 'Your order has been cancelled',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: OrderCancelledScreen,
});
