import { createFileRoute } from '@tanstack/react-router';
import { RestaurantScreen } from '../screens/restaurant/RestaurantScreen';

export const Route = createFileRoute('/restaurant')({
  staticData: {
    facts: {
      title: 'Visit the restaurant',
      navigation: 'self',
      start: 'public',
      firstPaint: true,
      sitemap: 'listed',
      description: 'Visit {name} at {fullAddress}: our opening hours and how to reach us. Call {phone}.',
      structuredData: 'restaurant',
    },
  },
  component: RestaurantScreen,
});
