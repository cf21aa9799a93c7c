import { createFileRoute } from '@tanstack/react-router';
import { AppsScreen } from '../screens/apps/AppsScreen';

export const Route = createFileRoute('/apps')({
  staticData: {
    facts: {
      title: 'Our Apps',
      navigation: null,
      start: 'public',
      firstPaint: true,
      sitemap: 'listed',
      description: 'Get the {name} app for iPhone and Android: order your takeaway from {place} and follow it until it is ready.',
    },
  },
  component: AppsScreen,
});
