import { createFileRoute } from '@tanstack/react-router';
import { PagesEditorScreen } from '../screens/manage/pages/PagesEditorScreen';

export const Route = createFileRoute('/manage/pages')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: PagesEditorScreen,
});
