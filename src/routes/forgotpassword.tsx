import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/forgotpassword')({
  // A placeholder is a few hundred bytes: a chunk of its own would cost a round trip before the first paint.
  codeSplitGroupings: [],
  component: () => <ComingLaterScreen heading="Reset your password">Resetting a forgotten password will be available here soon.</ComingLaterScreen>,
});
