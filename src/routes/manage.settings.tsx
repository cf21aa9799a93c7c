import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../screens/manage/settings/SettingsScreen';

export const Route = createFileRoute('/manage/settings')({
  component: SettingsScreen,
});
