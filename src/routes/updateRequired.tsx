import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/updateRequired')({
  // A placeholder is a few hundred bytes: a chunk of its own would cost a round trip before the first paint.
  codeSplitGroupings: [],
  component: () => <ComingLaterScreen heading="An update is required for your App">Please update the app from the App Store or Google Play to keep ordering.</ComingLaterScreen>,
});
