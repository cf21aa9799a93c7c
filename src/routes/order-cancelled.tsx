import { createFileRoute } from '@tanstack/react-router';
import { OrderCancelledScreen } from '../screens/acceptance/OrderCancelledScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/order-cancelled')({
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: OrderCancelledScreen,
});
