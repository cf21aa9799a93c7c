import { createFileRoute } from '@tanstack/react-router';
import { ZonesScreen } from '../screens/manage/zones/ZonesScreen';

export const Route = createFileRoute('/manage/zones')({
  staticData: {
    facts: {
      title: 'Delivery zones',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: ZonesScreen,
});
