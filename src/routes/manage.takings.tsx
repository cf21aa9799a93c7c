import { createFileRoute } from '@tanstack/react-router';
import { TakingsScreen } from '../screens/manage/takings/TakingsScreen';

export const Route = createFileRoute('/manage/takings')({
  component: TakingsScreen,
});
