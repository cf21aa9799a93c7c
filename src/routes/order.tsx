import { createFileRoute } from '@tanstack/react-router';
import { OrderScreen } from '../screens/order/OrderScreen';

export const Route = createFileRoute('/order')({
  component: OrderScreen,
});
