import { createFileRoute } from '@tanstack/react-router';
import { BookingScreen } from '../screens/booking/BookingScreen';

export const Route = createFileRoute('/booking')({
  component: BookingScreen,
});
