import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/order')({
  component: () => <ComingLaterScreen heading="Add items to your order">Our takeaway menu and online ordering will be available here. Until then, please phone the restaurant to order.</ComingLaterScreen>,
});
