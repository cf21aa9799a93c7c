import { createFileRoute } from '@tanstack/react-router';
import { PaymentIssueScreen } from '../screens/payment/PaymentIssueScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/paymentIssue')({
  staticData: {
    facts: {
      title: 'There has been a payment issue',
      navigation: 'takeAway',
      start: 'home',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: PaymentIssueScreen,
});
