import { createFileRoute } from '@tanstack/react-router';
import { PrintersScreen } from '../screens/manage/printers/PrintersScreen';

export const Route = createFileRoute('/manage/printers')({
  staticData: {
    facts: {
      title: 'Printers',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: PrintersScreen,
});
