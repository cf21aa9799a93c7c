import { createFileRoute } from '@tanstack/react-router';
import { PaymentIssueScreen } from '../screens/payment/PaymentIssueScreen';

export const Route = createFileRoute('/_order/paymentIssue')({
  staticData: {
    facts: {
      title: 'There has been a payment issue',
      navigation: 'takeAway',
      start: 'home',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: PaymentIssueScreen,
});
