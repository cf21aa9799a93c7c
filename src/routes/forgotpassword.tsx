import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/forgotpassword')({
  component: () => <ComingLaterScreen heading="Reset your password">Resetting a forgotten password will be available here soon.</ComingLaterScreen>,
});
