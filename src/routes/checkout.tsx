import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '../screens/order/CheckoutScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/checkout')({
  beforeLoad: ({ context }) => guardOrderingStep(context, '/checkout'),
  component: CheckoutScreen,
});
