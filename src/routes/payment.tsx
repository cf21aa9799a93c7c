import { createFileRoute } from '@tanstack/react-router';
import { PaymentScreen } from '../screens/payment/PaymentScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/payment')({
  beforeLoad: ({ context }) => guardOrderingStep(context, '/payment'),
  component: PaymentScreen,
});
