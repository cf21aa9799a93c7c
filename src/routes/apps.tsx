import { createFileRoute } from '@tanstack/react-router';
import { AppsScreen } from '../screens/apps/AppsScreen';

export const Route = createFileRoute('/apps')({
  component: AppsScreen,
});
