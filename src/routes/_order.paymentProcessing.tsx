import { createFileRoute } from '@tanstack/react-router';
import { PaymentProcessingScreen } from '../screens/payment/PaymentProcessingScreen';

export const Route = createFileRoute('/_order/paymentProcessing')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: PaymentProcessingScreen,
});
