import { createFileRoute } from '@tanstack/react-router';
import { DineAtHomeScreen } from '../screens/booking/DineAtHomeScreen';

export const Route = createFileRoute('/dine-at-home')({
  staticData: {
    facts: {
      title: 'Dine at home',
      navigation: 'self',
      start: 'public',
      firstPaint: true,
      sitemap: 'listed',
      description: '{name} brings {tagline:lower} to your home: catering for parties and gatherings in and around {town}.',
    },
  },
  component: DineAtHomeScreen,
});
