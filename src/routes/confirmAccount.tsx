import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/confirmAccount')({
  // A placeholder is a few hundred bytes: a chunk of its own would cost a round trip before the first paint.
  codeSplitGroupings: [],
  component: () => <ComingLaterScreen heading="Confirm your account">Confirming your account with the code we emailed you will be available here soon.</ComingLaterScreen>,
});
