import { createFileRoute } from '@tanstack/react-router';
import { OrderConfirmationScreen } from '../screens/acceptance/OrderConfirmationScreen';
import { validateOrderIdSearch } from '../shell/orderIdSearch';

export const Route = createFileRoute('/_order/confirmation')({
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
  component: function ConfirmationRoute() {
    return <OrderConfirmationScreen orderId={Route.useSearch().orderId} />;
  },
});
