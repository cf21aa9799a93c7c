import { createFileRoute } from '@tanstack/react-router';
import { PaymentProcessingScreen } from '../screens/payment/PaymentProcessingScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/paymentProcessing')({
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: PaymentProcessingScreen,
});
