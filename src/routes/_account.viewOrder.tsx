import { createFileRoute } from '@tanstack/react-router';
import { ViewOrderScreen } from '../screens/account/ViewOrderScreen';

export const Route = createFileRoute('/_account/viewOrder')({
  staticData: {
    facts: {
      title: 'View previous orders',
      navigation: 'account',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: ViewOrderScreen,
});
