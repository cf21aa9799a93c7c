import { createFileRoute } from '@tanstack/react-router';
import { OrderTimeScreen } from '../screens/order/OrderTimeScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/orderTime')({
  beforeLoad: ({ context }) => guardOrderingStep(context, '/orderTime'),
  component: OrderTimeScreen,
});
