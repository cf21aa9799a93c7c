import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/register')({
  // A placeholder is a few hundred bytes: a chunk of its own would cost a round trip before the first paint.
  codeSplitGroupings: [],
  component: () => <ComingLaterScreen heading="Register for your account">Registering for an account will be available here soon.</ComingLaterScreen>,
});
