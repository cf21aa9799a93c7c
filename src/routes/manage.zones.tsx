import { createFileRoute } from '@tanstack/react-router';
import { ZonesScreen } from '../screens/manage/zones/ZonesScreen';

export const Route = createFileRoute('/manage/zones')({
  component: ZonesScreen,
});
