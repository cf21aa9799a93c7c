import { createFileRoute } from '@tanstack/react-router';
import { OrderConfirmationScreen } from '../screens/acceptance/OrderConfirmationScreen';
import { validateOrderIdSearch } from '../shell/orderIdSearch';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/confirmation')({
  validateSearch: validateOrderIdSearch,
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: function ConfirmationRoute() {
    return <OrderConfirmationScreen orderId={Route.useSearch().orderId} />;
  },
});
