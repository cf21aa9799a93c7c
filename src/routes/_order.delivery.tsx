import { createFileRoute } from '@tanstack/react-router';
import { DeliveryScreen } from '../screens/order/DeliveryScreen';

export const Route = createFileRoute('/_order/delivery')({
  component: DeliveryScreen,
});
