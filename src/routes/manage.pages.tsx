import { createFileRoute } from '@tanstack/react-router';
import { PagesEditorScreen } from '../screens/manage/pages/PagesEditorScreen';

export const Route = createFileRoute('/manage/pages')({
  component: PagesEditorScreen,
});
