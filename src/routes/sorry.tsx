import { createFileRoute } from '@tanstack/react-router';
import { SorryScreen } from '../screens/error/SorryScreen';

export const Route = createFileRoute('/sorry')({
  staticData: {
    facts: {
      title: 'Sorry, something went wrong',
      navigation: null,
      start: 'home',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: SorryScreen,
});
