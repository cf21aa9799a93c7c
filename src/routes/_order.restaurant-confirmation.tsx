import { createFileRoute } from '@tanstack/react-router';
import { RestaurantConfirmationScreen } from '../screens/acceptance/RestaurantConfirmationScreen';

export const Route = createFileRoute('/_order/restaurant-confirmation')({
  component: RestaurantConfirmationScreen,
});
