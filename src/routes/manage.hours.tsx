import { createFileRoute } from '@tanstack/react-router';
import { HoursScreen } from '../screens/manage/hours/HoursScreen';

export const Route = createFileRoute('/manage/hours')({
  staticData: {
    facts: {
      title: 'Opening hours',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: HoursScreen,
});
