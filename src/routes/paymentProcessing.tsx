import { createFileRoute } from '@tanstack/react-router';
import { PaymentProcessingScreen } from '../screens/payment/PaymentProcessingScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/paymentProcessing')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: PaymentProcessingScreen,
});
