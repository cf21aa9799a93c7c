import { createFileRoute } from '@tanstack/react-router';
import { OrderCancelErrorScreen } from '../screens/acceptance/OrderCancelErrorScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/order-cancel-error')({
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: OrderCancelErrorScreen,
});
