import { createFileRoute } from '@tanstack/react-router';
import { OrderTimeScreen } from '../screens/order/OrderTimeScreen';

export const Route = createFileRoute('/_order/orderTime')({
  component: OrderTimeScreen,
});
