import { createFileRoute } from '@tanstack/react-router';
import { PaymentProcessingScreen } from '../screens/payment/PaymentProcessingScreen';

export const Route = createFileRoute('/_order/paymentProcessing')({
  component: PaymentProcessingScreen,
});
