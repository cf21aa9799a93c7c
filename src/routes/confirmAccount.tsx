import { createFileRoute } from '@tanstack/react-router';
import { ConfirmAccountScreen } from '../screens/account/ConfirmAccountScreen';

export const Route = createFileRoute('/confirmAccount')({
  staticData: {
    facts: {
      title: 'Confirm your account details',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: ConfirmAccountScreen,
});
