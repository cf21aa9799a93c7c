import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/updateRequired')({
  component: () => <ComingLaterScreen heading="An update is required for your App">Please update the app from the App Store or Google Play to keep ordering.</ComingLaterScreen>,
});
