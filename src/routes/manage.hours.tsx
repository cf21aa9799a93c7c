import { createFileRoute } from '@tanstack/react-router';
import { HoursScreen } from '../screens/manage/hours/HoursScreen';

export const Route = createFileRoute('/manage/hours')({
  component: HoursScreen,
});
