import { createFileRoute } from '@tanstack/react-router';
import { ConfirmationScreen } from '../screens/order/ConfirmationScreen';
import { requireOnlineOrdering } from '../shell/orderingGate';

export const Route = createFileRoute('/confirmation')({
  beforeLoad: ({ context }) => requireOnlineOrdering(context.restaurant),
  component: ConfirmationScreen,
});
