import { createFileRoute } from '@tanstack/react-router';
import { VouchersScreen } from '../screens/account/VouchersScreen';

export const Route = createFileRoute('/_account/vouchers')({
  staticData: {
    facts: {
      title: 'View your vouchers',
      navigation: 'account',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: VouchersScreen,
});
