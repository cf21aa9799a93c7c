import { createFileRoute } from '@tanstack/react-router';
import { ManageOverviewScreen } from '../screens/manage/ManageOverviewScreen';

export const Route = createFileRoute('/manage/')({
  staticData: {
    facts: {
      title: 'Back office',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: ManageOverviewScreen,
});
