import { createFileRoute } from '@tanstack/react-router';
import { KitchenBookingsScreen } from '../screens/kitchen/KitchenBookingsScreen';
import { StaffOnlyScreen } from '../screens/kitchen/StaffOnlyScreen';
import { guardKitchenRoute } from '../shell/staffGate';

// `kitchen_` keeps the Bookings view out of the dashboard's layout: it is a page of its own.
export const Route = createFileRoute('/kitchen_/bookings')({
  beforeLoad: ({ context, location }) => guardKitchenRoute(context.auth, location.href),
  component: function KitchenBookingsRoute() {
    return Route.useRouteContext().isKitchenStaff ? <KitchenBookingsScreen /> : <StaffOnlyScreen />;
  },
});
