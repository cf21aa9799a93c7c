import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/restaurant')({
  component: () => <ComingLaterScreen heading="Visit the restaurant">Our address, opening hours and directions will be shown here.</ComingLaterScreen>,
});
