import { createFileRoute } from '@tanstack/react-router';
import { KitchenTicketPrintScreen } from '../screens/kitchen/KitchenTicketPrintScreen';
import { StaffOnlyScreen } from '../screens/kitchen/StaffOnlyScreen';
import { guardKitchenRoute } from '../shell/staffGate';

// `kitchen_` keeps the printable ticket out of the dashboard's layout: it is a page of its own.
export const Route = createFileRoute('/kitchen_/ticket/$orderId')({
  beforeLoad: ({ context, location }) => guardKitchenRoute(context.auth, location.href),
  component: function KitchenTicketRoute() {
    const { isKitchenStaff } = Route.useRouteContext();
    const { orderId } = Route.useParams();
    return isKitchenStaff ? <KitchenTicketPrintScreen orderId={orderId} /> : <StaffOnlyScreen />;
  },
});
