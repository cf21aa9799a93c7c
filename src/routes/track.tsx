import { createFileRoute } from '@tanstack/react-router';
import { TrackScreen } from '../screens/tracking/TrackScreen';
import { validateOrderIdSearch } from '../shell/orderIdSearch';

export const Route = createFileRoute('/track')({
  staticData: {
    facts: {
      title: 'Track your order',
      navigation: null,
      start: 'public',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  validateSearch: validateOrderIdSearch,
  component: function TrackRoute() {
    return <TrackScreen orderId={Route.useSearch().orderId} />;
  },
});
