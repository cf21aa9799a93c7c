import { createFileRoute } from '@tanstack/react-router';
import { PaymentScreen } from '../screens/payment/PaymentScreen';

export const Route = createFileRoute('/_order/payment')({
  staticData: {
    facts: {
      title: 'Payment details',
      navigation: 'takeAway',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: PaymentScreen,
});
