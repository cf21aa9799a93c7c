import { createFileRoute } from '@tanstack/react-router';
import { MenuEditorScreen } from '../screens/manage/menu/MenuEditorScreen';

export const Route = createFileRoute('/manage/menu')({
  staticData: {
    facts: {
      title: 'Menu',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: MenuEditorScreen,
});
