import { createFileRoute } from '@tanstack/react-router';
import { PaymentScreen } from '../screens/payment/PaymentScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/payment')({
  staticData: {
    facts: {
      title: 'Payment details',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => guardOrderingStep(context, '/payment'),
  component: PaymentScreen,
});
