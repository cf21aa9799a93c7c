import { createFileRoute } from '@tanstack/react-router';
import { OrderCancelledScreen } from '../screens/acceptance/OrderCancelledScreen';

export const Route = createFileRoute('/_order/order-cancelled')({
  component: OrderCancelledScreen,
});
