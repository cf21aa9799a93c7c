import { createFileRoute } from '@tanstack/react-router';
import { KitchenBookingsScreen } from '../screens/kitchen/KitchenBookingsScreen';

// `kitchen_` keeps the Bookings view out of the dashboard: it is a page of its own in the kitchen's layout.
export const Route = createFileRoute('/_kitchen/kitchen_/bookings')({
  staticData: {
    facts: {
      title: 'Bookings',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: KitchenBookingsScreen,
});
