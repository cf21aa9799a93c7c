import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardJourneyPage } from '../shell/orderingGate';

// The order journey's one guard (docs/order-journey.md): its pages after the menu are children of this pathless layout.
export const Route = createFileRoute('/_order')({
  staticData: { facts: 'layout' },
  beforeLoad: ({ context, location }) => guardJourneyPage(context, location.pathname, location.search as { orderId?: string }),
  component: Outlet,
});
