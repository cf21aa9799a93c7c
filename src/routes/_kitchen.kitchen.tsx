import { createFileRoute } from '@tanstack/react-router';
import { KitchenDashboardScreen } from '../screens/kitchen/KitchenDashboardScreen';

export const Route = createFileRoute('/_kitchen/kitchen')({
  staticData: {
    facts: {
      title: 'Kitchen',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: KitchenDashboardScreen,
});
