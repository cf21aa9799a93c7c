import { createFileRoute } from '@tanstack/react-router';
import { MenuEditorScreen } from '../screens/manage/menu/MenuEditorScreen';

export const Route = createFileRoute('/manage/menu')({
  component: MenuEditorScreen,
});
