import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/gallery')({
  // A placeholder is a few hundred bytes: a chunk of its own would cost a round trip before the first paint.
  codeSplitGroupings: [],
  component: () => <ComingLaterScreen heading="Gallery">Photos of our restaurant and our dishes will be shown here.</ComingLaterScreen>,
});
