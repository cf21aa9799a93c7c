import { createFileRoute } from '@tanstack/react-router';
import { AccountQRScreen } from '../screens/account/AccountQRScreen';

export const Route = createFileRoute('/_account/accountQR')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: AccountQRScreen,
});
