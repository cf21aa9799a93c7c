import { createFileRoute } from '@tanstack/react-router';
import { OrderCancelErrorScreen } from '../screens/acceptance/OrderCancelErrorScreen';

export const Route = createFileRoute('/_order/order-cancel-error')({
  component: OrderCancelErrorScreen,
});
