import { createFileRoute } from '@tanstack/react-router';
import { DineAtHomeScreen } from '../screens/booking/DineAtHomeScreen';

export const Route = createFileRoute('/dine-at-home')({
  component: DineAtHomeScreen,
});
