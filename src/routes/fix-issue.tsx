import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/fix-issue')({
  component: () => <ComingLaterScreen heading="Fix your order issue">We could not update or confirm your order. Please phone the restaurant and we will put it right.</ComingLaterScreen>,
});
