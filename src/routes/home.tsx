import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../screens/home/HomeScreen';

export const Route = createFileRoute('/home')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'public',
      firstPaint: true,
      sitemap: { sameAs: '/' },
      structuredData: 'restaurant',
    },
  },
  component: HomeScreen,
});
