import { createFileRoute } from '@tanstack/react-router';
import { KitchenDashboardScreen } from '../screens/kitchen/KitchenDashboardScreen';
import { StaffOnlyScreen } from '../screens/kitchen/StaffOnlyScreen';
import { guardKitchenRoute } from '../shell/staffGate';

export const Route = createFileRoute('/kitchen')({
  beforeLoad: ({ context, location }) => guardKitchenRoute(context.auth, location.href),
  component: function KitchenRoute() {
    return Route.useRouteContext().isKitchenStaff ? <KitchenDashboardScreen /> : <StaffOnlyScreen />;
  },
});
