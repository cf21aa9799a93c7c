import { createFileRoute } from '@tanstack/react-router';
import { RestaurantConfirmationScreen } from '../screens/acceptance/RestaurantConfirmationScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/restaurant-confirmation')({
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: RestaurantConfirmationScreen,
});
