import { createFileRoute } from '@tanstack/react-router';
import { TakingsScreen } from '../screens/manage/takings/TakingsScreen';

export const Route = createFileRoute('/manage/takings')({
  staticData: {
    facts: {
      title: 'Takings',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: TakingsScreen,
});
