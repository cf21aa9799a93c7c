import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../screens/home/HomeScreen';

export const Route = createFileRoute('/')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'public',
      firstPaint: true,
      sitemap: 'listed',
      structuredData: 'restaurant',
    },
  },
  component: HomeScreen,
});
