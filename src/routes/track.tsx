import { createFileRoute } from '@tanstack/react-router';
import { TrackScreen } from '../screens/tracking/TrackScreen';
import { validateOrderIdSearch } from '../shell/orderIdSearch';

export const Route = createFileRoute('/track')({
  validateSearch: validateOrderIdSearch,
  component: function TrackRoute() {
    return <TrackScreen orderId={Route.useSearch().orderId} />;
  },
});
