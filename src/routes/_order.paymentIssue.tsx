import { createFileRoute } from '@tanstack/react-router';
import { PaymentIssueScreen } from '../screens/payment/PaymentIssueScreen';

export const Route = createFileRoute('/_order/paymentIssue')({
  component: PaymentIssueScreen,
});
