import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/gallery')({
  component: () => <ComingLaterScreen heading="Gallery">Photos of our restaurant and our dishes will be shown here.</ComingLaterScreen>,
});
