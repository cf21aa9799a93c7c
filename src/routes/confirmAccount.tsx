import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/confirmAccount')({
  component: () => <ComingLaterScreen heading="Confirm your account">Confirming your account with the code we emailed you will be available here soon.</ComingLaterScreen>,
});
