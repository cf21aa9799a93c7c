import { createFileRoute } from '@tanstack/react-router';
import { PaymentScreen } from '../screens/payment/PaymentScreen';

export const Route = createFileRoute('/_order/payment')({
  component: PaymentScreen,
});
