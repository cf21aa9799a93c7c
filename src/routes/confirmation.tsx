import { createFileRoute } from '@tanstack/react-router';
import { OrderConfirmationScreen } from '../screens/acceptance/OrderConfirmationScreen';
import { validateOrderIdSearch } from '../shell/orderIdSearch';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/confirmation')({
  staticData: {
    facts: {
      title: 'Your order confirmation',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  validateSearch: validateOrderIdSearch,
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: function ConfirmationRoute() {
    return <OrderConfirmationScreen orderId={Route.useSearch().orderId} />;
  },
});
