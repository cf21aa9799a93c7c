import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/contact')({
  component: () => <ComingLaterScreen heading="Enter your contact details">This step of ordering will be available when online ordering opens.</ComingLaterScreen>,
});
