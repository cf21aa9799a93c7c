import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/register')({
  component: () => <ComingLaterScreen heading="Register for your account">Registering for an account will be available here soon.</ComingLaterScreen>,
});
