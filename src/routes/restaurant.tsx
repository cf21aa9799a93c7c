import { createFileRoute } from '@tanstack/react-router';
import { RestaurantScreen } from '../screens/restaurant/RestaurantScreen';

export const Route = createFileRoute('/restaurant')({
  component: RestaurantScreen,
});
