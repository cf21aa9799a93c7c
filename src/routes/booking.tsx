import { createFileRoute } from '@tanstack/react-router';
import { BookingScreen } from '../screens/booking/BookingScreen';

export const Route = createFileRoute('/booking')({
  staticData: {
    facts: {
      title: 'Book a table',
      navigation: 'self',
      start: 'public',
      firstPaint: true,
      sitemap: 'listed',
      description: 'Book a table at {name}, {place}. Choose a day and time online, or call {phone}.',
    },
  },
  component: BookingScreen,
});
