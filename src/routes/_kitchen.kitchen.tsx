import { createFileRoute } from '@tanstack/react-router';
import { KitchenDashboardScreen } from '../screens/kitchen/KitchenDashboardScreen';

export const Route = createFileRoute('/_kitchen/kitchen')({
  component: KitchenDashboardScreen,
});
