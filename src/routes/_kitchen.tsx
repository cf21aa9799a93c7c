import { createFileRoute } from '@tanstack/react-router';
import { KitchenLayout } from '../screens/kitchen/KitchenLayout';
import { StaffOnlyScreen } from '../screens/kitchen/StaffOnlyScreen';
import { guardKitchenRoute } from '../shell/staffGate';

// The kitchen's one guard and staff layout (docs/acceptance-and-kitchen.md): its pages are children of this layout.
export const Route = createFileRoute('/_kitchen')({
  staticData: { facts: 'layout', staffFrame: true },
  beforeLoad: ({ context, location }) => guardKitchenRoute(context.auth, location.href),
  component: function KitchenLayoutRoute() {
    return Route.useRouteContext().isKitchenStaff ? <KitchenLayout /> : <StaffOnlyScreen />;
  },
});
