import { createFileRoute } from '@tanstack/react-router';
import { ManageOverviewScreen } from '../screens/manage/ManageOverviewScreen';

export const Route = createFileRoute('/manage/')({
  component: ManageOverviewScreen,
});
