import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderCancelledScreen } from '../screens/acceptance/OrderCancelledScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/order-cancelled')({
  staticData: {
    facts: {
      title: 'Your order has been cancelled',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => {
    requireOnlineOrdering(context.restaurant);
    // The page tells how an order of this device ended (kept in its storage for "Order again", even after a reload);
    // with no order at all there is nothing to tell, and the visitor starts at the home page.
    if (context.acceptance.getSnapshot().context.order === undefined) throw redirect({ to: '/', replace: true });
  },
  component: OrderCancelledScreen,
});
