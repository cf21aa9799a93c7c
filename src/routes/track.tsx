import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/track')({
  component: () => <ComingLaterScreen heading="Track your order">Order tracking will be available here once you have placed an order online.</ComingLaterScreen>,
});
