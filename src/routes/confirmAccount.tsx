import { createFileRoute } from '@tanstack/react-router';
import { ConfirmAccountScreen } from '../screens/account/ConfirmAccountScreen';

export const Route = createFileRoute('/confirmAccount')({
  component: ConfirmAccountScreen,
});
