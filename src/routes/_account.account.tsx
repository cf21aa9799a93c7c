import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '../screens/account/AccountScreen';

export const Route = createFileRoute('/_account/account')({
  staticData: {
    facts: {
      title: 'Your account details',
      navigation: 'account',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: AccountScreen,
});
