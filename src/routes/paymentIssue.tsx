import { createFileRoute } from '@tanstack/react-router';
import { PaymentIssueScreen } from '../screens/payment/PaymentIssueScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/paymentIssue')({
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: PaymentIssueScreen,
});
