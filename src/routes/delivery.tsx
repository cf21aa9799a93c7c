import { createFileRoute } from '@tanstack/react-router';
import { DeliveryScreen } from '../screens/order/DeliveryScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/delivery')({
  beforeLoad: ({ context }) => guardOrderingStep(context, '/delivery'),
  component: DeliveryScreen,
});
