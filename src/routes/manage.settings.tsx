import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../screens/manage/settings/SettingsScreen';

export const Route = createFileRoute('/manage/settings')({
  staticData: {
    facts: {
      title: 'Takeaway settings',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: SettingsScreen,
});
